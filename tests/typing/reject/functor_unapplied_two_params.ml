(* Two parameters of one signature have different abstract types. *)
module type S = sig type t end
module F (A : S) (B : S) = struct let f (x : A.t) : B.t = x end
