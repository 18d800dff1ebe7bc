(* A local open of a functor, through an alias. *)
module F (X : sig end) = struct let x = 1 end
module G = F
let y = G.(x)
