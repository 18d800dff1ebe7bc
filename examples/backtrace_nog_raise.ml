(* Built without -g, a program's own `raise` records no backtrace (ocamlopt compiles it as
   raise_notrace): a raise in nested calls prints no frame, and a re-raise through
   `try .. with e -> raise e` keeps the trace of the first raise, from the stdlib. *)
exception E of int

let rec deep n = if n = 0 then raise (E 3) else 1 + deep (n - 1)
let outer n = 2 * deep n
let parse s = try int_of_string s with e -> print_endline "re-raising"; raise e
let total l = List.fold_left (fun acc s -> acc + parse s) 0 l

let () =
  Printexc.record_backtrace true;
  (try ignore (outer 3)
   with e ->
     print_endline (Printexc.to_string e);
     Printexc.print_backtrace stdout);
  (try ignore (total [ "1"; "2"; "x" ])
   with e ->
     print_endline (Printexc.to_string e);
     Printexc.print_backtrace stdout);
  print_endline "raw slots:";
  (try ignore (total [ "y" ])
   with _ ->
     let bt = Printexc.get_raw_backtrace () in
     Printf.printf "%d\n" (Printexc.raw_backtrace_length bt))
