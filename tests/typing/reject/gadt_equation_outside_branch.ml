(* The equation a = int holds in the Int branch only. *)
type _ t = Int : int -> int t | Bool : bool -> bool t
let f : type a. a t -> a = function
  | Int n -> n + 1
  | Bool b -> 3
