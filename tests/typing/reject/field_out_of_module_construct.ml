(* A record expression of no known type needs its fields in scope. *)
module M = struct type r = { lbl : int } end
let x = { lbl = 1 }
