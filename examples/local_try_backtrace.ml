(* Backtraces of failing inline checks (bound checks, zero divisors) whose handler is in the
   same function: one preallocated bound-error exception, as OCaml, so a trace continues across
   two of them; a zero divisor is a regular raise. *)
let get a i =
  try a.(i) with Not_found -> 0

let div a b =
  try a / b with Not_found -> 0

let () =
  Printexc.record_backtrace true;
  let a = [| 1; 2 |] in
  (try ignore (get a 5) with e ->
    print_endline (Printexc.to_string e); Printexc.print_backtrace stdout);
  (try ignore (div 1 0) with e ->
    print_endline (Printexc.to_string e); Printexc.print_backtrace stdout);
  (try (try ignore (a.(3)) with Not_found -> ()) with e ->
    print_endline (Printexc.to_string e); Printexc.print_backtrace stdout);
  print_int (get a 9)
