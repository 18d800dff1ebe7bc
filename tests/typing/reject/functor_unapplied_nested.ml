(* A functor defined in a functor's body is checked with the outer parameter abstract. *)
module type S = sig type t val v : t end
module F (X : S) = struct
  module G (Y : S with type t = int) = struct let w = X.v + Y.v end
end
