module type S = sig
  module type T = sig end
  module type T = sig end
end
