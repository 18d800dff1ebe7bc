(* A local open's fields are visible in its body only. *)
module M = struct type t = { x : int } end
let f = let open M in fun r -> r.x
let h r = r.x
