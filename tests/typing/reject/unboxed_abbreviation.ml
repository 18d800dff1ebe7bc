(* An abbreviation is "abstract" for [@@unboxed]: there is nothing to unbox. *)
type t = int [@@unboxed]
