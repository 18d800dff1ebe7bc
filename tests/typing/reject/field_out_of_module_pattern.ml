(* A record pattern of no known type needs its fields in scope. *)
module M = struct type r = { lbl : int } end
let f = function { lbl } -> lbl
