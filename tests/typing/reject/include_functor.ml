(* `include` of a functor: not a structure. *)
module F (X : sig end) = struct let x = 1 end
include F
let y = x
