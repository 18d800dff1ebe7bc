(* A private extensible type takes no new constructor. *)
type t = private ..
type t += A
