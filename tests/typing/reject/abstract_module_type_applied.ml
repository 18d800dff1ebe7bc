(* A module of an abstract module type is not a functor that a type path may apply. *)
module F (X : sig module type S module F : S end) = struct
  type t = X.F(Parsing).t
end
