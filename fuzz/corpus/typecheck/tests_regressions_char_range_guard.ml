(* A char range pattern under a guard compares the char with an int constant in the lambda IR
   (verifier: "the right operand of IntGe has type int but char was expected"; difftest seed 3). *)
let () =
  print_endline (match 'a' with 'a' .. 'm' when false -> "guard" | _ -> "default")
