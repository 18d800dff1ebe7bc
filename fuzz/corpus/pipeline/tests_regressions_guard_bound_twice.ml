(* The verifier rejects the lambda typing produces for a guarded arm that binds a variable:
   "V is bound twice" (found by difftest, seed 4). *)
let () =
  print_int (match None with Some (p, true) when true -> p | _ -> 0);
  print_newline ()
