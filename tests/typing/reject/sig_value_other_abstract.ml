(* Matching a module against a signature does not see through another module's abstract
   type: `M.t` is not `int` outside `M`. *)
module M : sig type t val x : t end = struct type t = int let x = 1 end
module N : sig val y : int end = struct let y = M.x end
