(* Printexc from the installed sources (printexc.ml): to_string of every predefined
   exception, printers (the most recent first, a raising printer skipped), use_printers,
   exn_slot_name/id, catch, the uncaught-exception handler and at_exit's order. *)
exception Plain
exception With_args of int * string * float * char
exception Nested of (int * int)
let predefined = [
  Out_of_memory; Stack_overflow; Sys_blocked_io; Not_found; Exit; End_of_file;
  Division_by_zero; Failure "a failure"; Invalid_argument "bad \"arg\"";
  Sys_error "no such file"; Match_failure ("m.ml", 3, 4);
  Assert_failure ("a.ml", 10, 2); Undefined_recursive_module ("r.ml", 7, 8);
  Plain; With_args (-1, "s\n", 2.5, 'c'); Nested (1, 2);
]
let () = List.iter (fun e -> print_endline (Printexc.to_string e)) predefined
let () = List.iter (fun e -> print_endline (Printexc.to_string_default e)) predefined
let () =
  List.iter (fun e -> Printf.printf "%s %b\n" (Printexc.exn_slot_name e)
                (Printexc.exn_slot_id e = Printexc.exn_slot_id e)) [Not_found; Plain; Nested (3, 4)]
let () = Printf.printf "use_printers: %b\n" (Printexc.use_printers Plain = None)
let () =
  Printexc.register_printer (function Plain -> Some "first printer" | _ -> None);
  Printexc.register_printer (function Plain -> failwith "skipped" | _ -> None);
  Printexc.register_printer (function
    | With_args (n, _, _, _) -> Some (Printf.sprintf "With_args#%d" n) | _ -> None);
  List.iter (fun e -> print_endline (Printexc.to_string e)) [Plain; With_args (7, "", 0., 'x'); Exit];
  (match Printexc.use_printers Plain with Some s -> print_endline s | None -> ())
let () =
  Printf.printf "status %b\n" (Printexc.backtrace_status ());
  print_string (Printexc.get_backtrace ());
  Printf.printf "length %d\n" (Printexc.raw_backtrace_length (Printexc.get_raw_backtrace ()))
let () =
  (match Printexc.print (fun x -> x + 1) 1 with n -> Printf.printf "print %d\n" n);
  (try Printexc.print (fun () -> raise Plain) () with Plain -> print_endline "re-raised");
  flush stdout
let () =
  at_exit (fun () -> print_endline "at_exit 1");
  at_exit (fun () -> print_endline "at_exit 2");
  Printexc.set_uncaught_exception_handler (fun e _ ->
    Printf.eprintf "handler: %s\n" (Printexc.to_string e); raise Exit);
  raise (Nested (5, 6))
