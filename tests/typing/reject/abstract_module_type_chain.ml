(* A two-argument application whose arguments are swapped: each abstract module type only
   matches itself (OCaml: "The functor application is ill-typed."). *)
module F (Ctx : sig
  module type t
  module type u
  module X : t
  module Y : u
end) = struct
  open Ctx
  module G (A : t) (B : u) = struct end
  module M = G (Y) (X)
end
