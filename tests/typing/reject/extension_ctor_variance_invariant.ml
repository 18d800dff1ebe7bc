(* An array makes a covariant extensible type's parameter invariant. *)
type +'a foo = ..
type 'a foo += A of 'a list | C of 'a array
