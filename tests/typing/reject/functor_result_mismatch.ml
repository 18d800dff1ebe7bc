(* A functor's result must match the declared functor type's result. *)
module F : functor (X : sig type t end) -> sig val x : int end =
  functor (X : sig type t end) -> struct let x = "a" end
