(* at_exit (last registered runs first, each once), exit running the exit functions, and
   Printexc: to_string, register_printer, print, and the uncaught-exception handler. *)
exception My_exception of string * int
exception Plain

let () =
  print_endline (Printexc.to_string Not_found);
  print_endline (Printexc.to_string (Failure "boom"));
  print_endline (Printexc.to_string (Invalid_argument "tab\there \"q\" \\"));
  print_endline (Printexc.to_string (My_exception ("a\nb", -3)));
  print_endline (Printexc.to_string Plain);
  print_endline (Printexc.to_string (Match_failure ("f.ml", 3, 7)));
  print_endline (Printexc.to_string (Assert_failure ("g.ml", 10, 2)));
  print_endline (Printexc.to_string Stack_overflow);
  print_endline (Printexc.to_string Out_of_memory);
  print_endline (Printexc.to_string_default (Sys_error "no such file"));
  Printexc.register_printer (function
    | My_exception (s, n) -> Some (Printf.sprintf "My(%s/%d)" s n)
    | _ -> None);
  Printexc.register_printer (function Plain -> failwith "a failing printer is skipped" | _ -> None);
  print_endline (Printexc.to_string (My_exception ("x", 1)));
  print_endline (Printexc.to_string Plain);
  (match Printexc.print (fun () -> raise (My_exception ("printed", 2))) () with
   | () -> ()
   | exception My_exception (s, _) -> print_endline ("re-raised " ^ s));
  print_int (Printexc.print (fun x -> x + 1) 41);
  print_newline ()

let () =
  at_exit (fun () -> print_endline "registered first, runs last");
  at_exit (fun () -> print_string "exit functions see the buffer: ");
  at_exit (fun () -> print_endline "registered last, runs first");
  Printexc.set_uncaught_exception_handler (fun exn _ ->
      print_endline ("handler: " ^ Printexc.to_string exn);
      exit 3);
  print_endline "main done";
  raise (My_exception ("escaped", 9))
