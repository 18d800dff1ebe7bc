(* Inside the functor, the parameter's abstract type is not the argument's. *)
module type S = sig type t val v : t end
module F (X : S) = struct let n = X.v + 1 end
module A = struct type t = int let v = 1 end
module B = F (A)
