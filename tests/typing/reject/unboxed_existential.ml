(* With flat float arrays, an unboxed existential could be a float or not: not separable. *)
type t = T : 'a -> t [@@unboxed]
