module type SHOW = sig type t val show : t -> string end
module type ENDO = sig
  module type T
  module F : T -> T
end
module E : ENDO with module type T := SHOW = struct
  module F (X : SHOW) = struct type t = X.t end
end
