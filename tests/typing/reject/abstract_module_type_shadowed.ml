(* `aa` names the outer abstract `a`; the later `module type a` is another one, so F's
   second parameter does not accept the outer a's modules. *)
module type a
module M : sig module F : functor (X : a) (Y : a) -> sig end end = struct
  module type aa = a
  module type a
  module F (X : aa) (Y : a) = struct end
end
