(* A functor component needing more of its argument (`type t`) than the signature's
   functor type promises (nothing) does not match it. *)
module M : sig
  module F : functor (X : sig end) -> sig end
end = struct
  module F (X : sig type t end) = struct end
end
