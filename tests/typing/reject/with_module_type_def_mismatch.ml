module type SHOW = sig type t val show : t -> string end
module type HAS = sig
  module type T
  module M : T
end
module Has : HAS with module type T = SHOW = struct
  module type T = sig type t end
  module M = struct type t = int end
end
