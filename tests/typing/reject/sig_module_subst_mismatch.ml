module Pair = struct
  type 'a t = 'a * 'a
end
module type S = sig
  module P := Pair
  val twice : int -> int P.t
end
module M : S = struct
  let twice x = (x, string_of_int x)
end
