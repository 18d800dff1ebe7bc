(* An extension has the extended type's parameters. *)
type 'a t = ..
type t += C of int
