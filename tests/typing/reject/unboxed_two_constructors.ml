(* [@@unboxed] needs a single constructor (OCaml's typedecl.ml, Bad_unboxed_attribute). *)
type t = E | F [@@ocaml.unboxed]
