(* A re-exported definition must keep the original's representation. *)
type mono = { foo : int }
type unboxed = mono = { foo : int } [@@unboxed]
