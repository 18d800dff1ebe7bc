(* A closed variant type ([< `A | `B ], from a match without a catch-all) does not allow `C. *)
let f = function `A -> 1 | `B -> 2
let () = print_int (f `C)
