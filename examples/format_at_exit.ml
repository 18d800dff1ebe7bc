(* Format's own at_exit (registered when Format is initialised, before the program's code)
   flushes std_formatter after the program's exit functions and before the channels are
   flushed: the order the outputs appear in depends on it. *)
let () =
  at_exit (fun () -> print_endline "exit function"; Format.printf "@[queued by@ the exit function")
let () =
  Format.printf "@[<hov 2>pending in std_formatter";
  print_string "printed directly; ";
  Format.eprintf "on err_formatter, never flushed by the program@\n"
