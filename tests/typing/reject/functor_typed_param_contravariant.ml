(* A functor-typed parameter: the expected parameter's functor type must be included in the
   functor's own, whose parameter here needs a type the expected one's does not provide. *)
module M : sig
  module F : functor (X : functor (A : sig type a end) -> sig end) -> sig end
end = struct
  module F (X : functor (A : sig type b end) -> sig end) = struct end
end
