(* A sealed module's private record: its mutable field cannot be assigned through the sealed
   view, while the original module's can. *)
module type S = sig type t = private { mutable x : int } val mk : unit -> t end
module M = struct type t = { mutable x : int } let mk () = { x = 0 } end
module M_S = (M : S)
let () = let r = M.mk () in r.M.x <- 1
let () = let r = M_S.mk () in r.M_S.x <- 1
