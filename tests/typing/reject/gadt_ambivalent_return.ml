(* Without a locally abstract type the index is an ordinary variable: the first branch fixes
   it to int, and the second constructor cannot have that type. *)
type _ t = Int : int -> int t | Bool : bool -> bool t
let f x = match x with Int n -> n | Bool b -> b
