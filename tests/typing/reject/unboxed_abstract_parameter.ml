(* An abstract type might be unboxed with constraints: its parameters are deeply separable. *)
type 'a abs
type t = A : 'a abs -> t [@@unboxed]
