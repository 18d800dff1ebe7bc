(* Two closed variant types with no common tag. *)
let f (x : [ `A ]) (y : [ `B ]) = x = y
