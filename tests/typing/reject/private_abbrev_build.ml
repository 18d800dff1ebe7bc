(* A value of a private abbreviation's definition is not one of the private type. *)
type t = private int

let x : t = 3
