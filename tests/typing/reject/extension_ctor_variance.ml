(* An extension's constructor uses a covariant extensible type's parameter contravariantly. *)
type +'a foo = ..
type 'a foo += A of (int -> 'a)
type 'a foo += B of ('a -> int)
