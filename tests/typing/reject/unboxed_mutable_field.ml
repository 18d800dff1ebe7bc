(* An unboxed record's field cannot be mutable. *)
type t = { mutable x : int } [@@unboxed]
