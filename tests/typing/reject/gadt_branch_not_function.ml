type _ t = I : int t | F : (int -> int) t
let f : type a. a t -> a -> int = fun t v ->
  match t with
  | F -> v 1
  | I -> v 1
