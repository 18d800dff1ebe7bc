(* A module type's signature is checked where it is declared, even if no module has it. *)
module type S = sig
  type t
  val x : t list
  val y : nonexistent
end
