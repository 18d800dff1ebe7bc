(* A functor's result signature is checked at the definition, applied or not. *)
module type S = sig type t val x : t end
module F (X : S) : sig val y : int end = struct let y = 1.0 end
