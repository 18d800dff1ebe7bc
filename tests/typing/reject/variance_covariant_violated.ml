(* A covariant annotation on a parameter in a contravariant position. *)
type +'a t = 'a -> int
