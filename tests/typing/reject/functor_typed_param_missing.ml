(* A functor with fewer parameters than its type, whose body is a structure, not a functor. *)
module M : sig
  module F : functor (X : functor (A : sig end) -> sig end) (Y : sig end) -> sig end
end = struct
  module F (X : functor (A : sig end) -> sig end) = struct end
end
