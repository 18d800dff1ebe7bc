(* A recursive type abbreviation must go through a polymorphic variant. *)
type t = t * int
