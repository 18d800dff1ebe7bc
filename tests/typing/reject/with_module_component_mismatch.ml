(* `S with module Elem = E` makes the result's `Elem.t` the argument's: a value of another
   type is not an `Elem.t`. *)
module type ORDERED = sig type t val leq : t -> t -> bool end
module type HEAP = sig
  module Elem : ORDERED
  val min : Elem.t
end
module Make (E : ORDERED) : HEAP with module Elem = E = struct
  module Elem = E
  let min = Obj.magic 0
end
module H = Make (struct type t = string let leq = ( <= ) end)
let x : int = H.min
