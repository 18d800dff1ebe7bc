(* An open variant type has a row variable, unbound in a type declaration. *)
type t = [> `A | `B ]
