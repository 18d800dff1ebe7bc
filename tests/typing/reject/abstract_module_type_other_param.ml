(* An abstract module type is included only in itself: inside the functor, the module Y of
   the abstract module type u is not an argument for a parameter of type t. *)
module F (Ctx : sig
  module type t
  module type u
  module X : t
  module Y : u
end) = struct
  open Ctx
  module G (A : t) = struct end
  module M = G (Y)
end
