(* A local exception is not in scope after its `let exception ... in` body. *)
let f () = let exception Local of int in raise (Local 1)
let g = Local 1
