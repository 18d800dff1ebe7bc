(* [ `A | `B ] is not a subtype of [ `A ]. *)
let f (x : [ `A | `B ]) = (x :> [ `A ])
