(* `with module O = X` makes O's type X's, not another's. *)
module type ORD = sig type t end
module F (X : ORD) (Y : ORD) (Z : sig module O : ORD end with module O = X) = struct
  let f (x : Y.t) : Z.O.t = x
end
