(* Sealing an existing module with a private record: the sealed module's fields build no
   value, while the original module's still do. *)
module type S = sig type t = private { x : int } end
module M = struct type t = { x : int } end
module M_S = (M : S)
let ok = { M.x = 1 }
let bad = { M_S.x = 2 }
