(* A module type's signature is checked where it is declared: a type constructor's arity. *)
module type S = sig
  type t = int list list int
end
