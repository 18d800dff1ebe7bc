(* `{ e with f = .. }` where e's type is not known: f must be in scope. *)
module M = struct type r = { lbl : int; other : int } end
let f x = { x with lbl = 1 }
