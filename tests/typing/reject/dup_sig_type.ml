module type S = sig
  type t
  val x : t
  type t
end
