module type FST = sig
  module type T := sig end
  val x : (module T)
end
