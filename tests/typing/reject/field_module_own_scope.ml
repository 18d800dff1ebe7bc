(* A field is in scope in its module, and after it only qualified. *)
module M = struct type t = { x : int } let f r = r.x end
let g r = r.M.x + M.f r
let h r = r.x
