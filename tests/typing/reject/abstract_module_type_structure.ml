(* No structure has an abstract module type, not even one of no values. *)
module type t
module F (X : t) = struct end
module M = F (struct type x end)
