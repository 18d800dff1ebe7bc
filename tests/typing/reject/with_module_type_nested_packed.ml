module type S = sig
  module M : sig
    module type T
  end
  val x : (module M.T)
end
module type R = S with module type M.T := sig end
