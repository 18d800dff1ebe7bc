module type T = sig type t end
module type S = sig
  type t
  include T
end
