(* A destructive substitution may not change a module the signature aliases. *)
module type S = sig
  module M : sig type t end
  module A = M
end with type M.t := float
