(* An upper bound [< `A | `B ] does not allow `C. *)
let f (x : [< `A | `B ]) = ignore x
let () = f `C
