(* A value the signature does not declare is not visible. *)
module M : sig val x : int end = struct let x = 1 let hidden = 2 end
let y = M.hidden
