(* `with type` makes the parameter's type known, and only that one. *)
module type S = sig type t type u val x : t val y : u end
module F (X : S with type t = int) = struct let a = X.x + 1 let b = X.y + 1 end
