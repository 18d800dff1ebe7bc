(* A functor-typed parameter whose result provides less than the functor's own requires. *)
module M : sig
  module F : functor (X : functor (A : sig end) -> sig end) -> sig end
end = struct
  module F (X : functor (A : sig end) -> sig type t end) = struct end
end
