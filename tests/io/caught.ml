(* Sys_error from explicit flushes, caught; exit flushes ignoring errors. *)
let () =
  print_string "hello\n";
  (try flush stdout with Sys_error m -> prerr_endline ("caught: " ^ m));
  print_string "again\n";
  (try print_endline "x" with Sys_error m -> prerr_endline ("caught 2: " ^ m));
  exit 3
