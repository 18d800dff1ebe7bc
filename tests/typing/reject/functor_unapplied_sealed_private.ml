(* A private type of the parameter cannot be built in the body. *)
module F (X : sig type t = private A | B end) = struct let a = X.A end
