(* A partial application of StdLabels.List.iter without its label: the argument goes to the
   list. *)
let it = StdLabels.List.iter print_endline
