(* Sys.signal and Sys.catch_break: a handler runs at the next allocation after the signal
   (the program signals itself through a shell: $PPID is this program), Signal_ignore and
   Signal_default, the previous behaviour returned, the errors; Sys.executable_name. *)
let count = ref 0

let churn n =
  let l = ref [] in
  for i = 1 to n do l := [i] :: !l done;
  List.length !l

let () =
  Sys.set_signal Sys.sigusr1
    (Sys.Signal_handle (fun n -> incr count; Printf.printf "handler %d\n" n));
  ignore (Sys.command "kill -USR1 $PPID");
  ignore (churn 1000);
  Printf.printf "count=%d\n" !count;
  ignore (Sys.command "kill -USR1 $PPID");
  (* no allocation since the signal: the handler has not run yet *)
  let before = !count in
  ignore (churn 10);
  let after = !count in
  Printf.printf "before %d, after %d\n" before after;
  (* a handler that raises: the exception comes out of the allocation *)
  Sys.set_signal Sys.sigusr2 (Sys.Signal_handle (fun _ -> failwith "from the handler"));
  (try
     ignore (Sys.command "kill -USR2 $PPID");
     ignore (churn 100000);
     print_endline "not raised"
   with Failure m -> Printf.printf "Failure %s\n" m);
  Sys.catch_break true;
  (try
     ignore (Sys.command "kill -INT $PPID");
     ignore (churn 1000);
     print_endline "survived nothing"
   with Sys.Break -> print_endline "Break");
  (* SIGINT after Sys.command has returned (system() ignores it while the command runs) *)
  (try
     ignore (Sys.command "(sleep 0.1; kill -INT $PPID) &");
     while true do ignore (churn 100) done
   with Sys.Break -> print_endline "Break");
  (match Sys.signal Sys.sigusr1 Sys.Signal_default with
   | Sys.Signal_handle f -> f 0; print_endline "was Signal_handle"
   | _ -> print_endline "?");
  (match Sys.signal Sys.sigusr1 Sys.Signal_ignore with
   | Sys.Signal_default -> print_endline "was Signal_default"
   | _ -> print_endline "?");
  ignore (Sys.command "kill -USR1 $PPID");
  ignore (churn 1000);
  print_endline "ignored";
  (match Sys.signal Sys.sigusr1 Sys.Signal_default with
   | Sys.Signal_ignore -> print_endline "was Signal_ignore"
   | _ -> print_endline "?");
  (try Sys.set_signal 1000 Sys.Signal_ignore with Invalid_argument m -> print_endline m);
  (try Sys.set_signal Sys.sigkill Sys.Signal_ignore with Sys_error m -> print_endline m);
  (try Sys.set_signal (-100) Sys.Signal_ignore with Invalid_argument m -> print_endline m);
  Sys.catch_break false;
  Printf.printf "%b %b %d\n" (Sys.file_exists Sys.executable_name)
    (Filename.is_relative Sys.executable_name) Sys.max_floatarray_length;
  print_endline (valid_float_lexem "12" ^ " " ^ valid_float_lexem "1e5" ^ " " ^ valid_float_lexem "-3")
