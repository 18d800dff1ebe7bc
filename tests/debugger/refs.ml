(* A program for the debugger test of mutable locals (tests/debugger.rs): line numbers matter.
   `total` and `steps` never escape, so egret keeps them in registers, not in ref cells. *)
let sum_to n =
  let total = ref 0 in
  let steps = ref 0 in
  for i = 1 to n do
    total := !total + i;
    print_int !total;
    print_newline ();
    if i mod 2 = 0 then steps := !steps + 1
  done;
  print_int !steps;
  print_newline ();
  !total * 10

let () =
  print_int (sum_to (List.length [1; 2; 3; 4; 5]));
  print_newline ()
