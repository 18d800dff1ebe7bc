module type U = sig type t = string end
module N : sig
  module type U := sig type t = int end
  include U
end = struct type t = string end
