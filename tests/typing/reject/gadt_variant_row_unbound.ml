(* A row variable of `[< ..]` is the constructor's own in a GADT constructor, but not in an
   ordinary one: there it is unbound, as in OCaml. *)
type 'a t = A of [< `X ] | B of 'a
