(* The argument of a functor application is checked against the parameter's signature,
   not helped by a module of the parameter's name where the functor was defined. *)
module type y = sig type y end
module type z = sig type z end
module Y : y = struct type y end
module Z : z = struct type z end
module F (Y : y) = struct end
module M = F (Z)
