(* OCaml checks a %-primitive's arity at the declaration. *)
external neg : float -> float -> float = "%negfloat"
