module type FST = sig
  module type T
  val x : (module T)
end

module type ERASED = FST with module type T := sig end
