(* An abstract type of the structure being typed gets no GADT equation (OCaml's
   `non_aliasable`): `t` is not `int` in the branch. *)
type (_, _) eq = Refl : ('a, 'a) eq
type t
let f (w : (t, int) eq) (x : t) : int = match w with Refl -> x
