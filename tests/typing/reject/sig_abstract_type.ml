(* An abstract type is not its definition outside the module. *)
module M : sig type t val x : t end = struct type t = int let x = 1 end
let y = M.x + 1
