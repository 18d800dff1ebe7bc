(* A module type the signature defines must equal the module's (included both ways). *)
module M : sig
  module type S = sig type t end
end = struct
  module type S = sig type s type t end
end
