(* A program for the debugger tests (tests/debugger.rs): line numbers matter. *)
let rec fact n =
  if n <= 1 then 1
  else n * fact (n - 1)

let rec sum_to n acc =
  if n = 0 then acc
  else sum_to (n - 1) (acc + n)

let greet name =
  let msg = "hello " ^ name in
  print_endline msg

let () =
  let total = sum_to 10 0 in
  print_int total;
  print_newline ();
  print_int (fact 5);
  print_newline ();
  greet "gdb"
