(* Only a type declared `= ..` can be extended. *)
type t = A | B
type t += C
