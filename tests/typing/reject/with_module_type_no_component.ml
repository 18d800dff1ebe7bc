module type S = sig type t end
module type R = S with module type T = sig end
