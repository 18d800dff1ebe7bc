module type R = sig
  module M := Nope
  val x : int
end
