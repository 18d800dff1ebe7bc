(* '_a names a weak type variable, which programs cannot write. *)
type ('_a) underscored = A of '_a
