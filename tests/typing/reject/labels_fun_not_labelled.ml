(* A function without labels where a labelled one is expected. *)
let g (f : x:int -> int) = f ~x:1
let r = g (fun y -> y)
