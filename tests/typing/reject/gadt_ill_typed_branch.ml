type _ t = Int : int -> int t | Str : string -> string t
let show : type a. a t -> string = function
  | Int n -> n
  | Str s -> s
