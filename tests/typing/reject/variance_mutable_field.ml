(* A mutable field makes its parameter invariant. *)
type +'a cell = { mutable v : 'a }
