(* `e.f <- v` looks its field up in scope as `e.f` does. *)
module M = struct type r = { mutable lbl : int } end
let f x = x.lbl <- 1
