(* `with module M.N := P` changes `M`, which the signature aliases. *)
module P = struct type t end
module type T = sig
  module M : sig module N : sig type t end end
  module Alias = M
end
module type S = T with module M.N := P
