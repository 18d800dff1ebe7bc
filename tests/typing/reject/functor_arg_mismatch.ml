(* The argument does not have the parameter's signature. *)
module type S = sig type t val compare : t -> t -> int end
module F (X : S) = struct let c = X.compare end
module B = F (struct type t = int let compare = 3 end)
