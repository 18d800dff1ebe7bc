(* A record field declared in module M is M.lbl outside it: with no known type, `x.lbl`
   finds no field lbl in scope. *)
module M = struct type r = { lbl : int } end
let f x = x.lbl
