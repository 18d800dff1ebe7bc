(* A flat float record unboxes its fields when it is built: they are inspected. *)
type r = { f : float; g : float }
let rec r = { f = y; g = 1.0 } and y = 2.0
