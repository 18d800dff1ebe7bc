module type INT = sig type t = int end
module type HAS = sig
  module type T
  module M : T
end
module type HAS_INT = HAS with module type T := INT
module Bad : HAS_INT = struct
  module M = struct type t = string end
end
