(* A program for the debugger test of inlined code (tests/debugger.rs): line numbers matter. *)
let square x =
  let y = x * x in
  print_int y;
  print_newline ();
  y

let sum_squares n =
  let total = ref 0 in
  for i = 1 to n do
    total := !total + square i
  done;
  !total

let () =
  let n = List.length [1; 2; 3] in
  print_int (sum_squares n);
  print_newline ()
