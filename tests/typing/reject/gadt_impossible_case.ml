(* A constructor whose index cannot be the scrutinee's. *)
type _ t = Int : int t | Bool : bool t
let f (x : int t) = match x with Int -> 0 | Bool -> 1
