(* Without Printexc: an uncaught exception runs the exit functions (stdout flushed), then
   prints the runtime's message; an exception raised by an exit function is ignored there. *)
let () =
  at_exit (fun () -> print_endline "flushed by at_exit");
  at_exit (fun () -> print_endline "an exit function that raises"; raise Exit);
  at_exit (fun () -> prerr_endline "to stderr first")

let f x = match x with 0 -> "zero"

let () =
  print_string "pending output ";
  print_endline (f 1)
