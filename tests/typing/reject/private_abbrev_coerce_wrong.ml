(* A private abbreviation coerces to its definition only. *)
type t = private int
let f (x : t) = (x :> string)
