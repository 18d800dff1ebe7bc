(* A destructive substitution changes every module of its path: here `N`, which `M`'s own
   signature aliases. *)
module type S = sig
  module M : sig module N : sig type t end module B = N end
end with type M.N.t := float
