(* Backtraces under -g show ocamlopt's frames: a function with a handler is a frame of its own
   (not inlined), a small closed function is an "(inlined)" frame, a match failure is raised at
   the match, and raise_with_backtrace re-raises at its call. *)
exception E of int

let small x = if x > 2 then raise (E x) else x

let with_handler n =
  try small n + 1
  with E k as e ->
    print_string "caught "; print_int k; print_newline ();
    raise e

let tiny x = if x > 2 then raise Exit else x

let classify = function 0 -> "zero" | 1 -> "one"

let rethrow n =
  try ignore (with_handler n)
  with e ->
    let bt = Printexc.get_raw_backtrace () in
    print_endline "rethrowing";
    Printexc.raise_with_backtrace e bt

let show f =
  try f () with e ->
    print_endline (Printexc.to_string e);
    Printexc.print_backtrace stdout

let () =
  Printexc.record_backtrace true;
  show (fun () -> ignore (with_handler 5));
  show (fun () -> print_endline (classify (Sys.opaque_identity 7)));
  show (fun () -> rethrow 9);
  show (fun () -> print_int (tiny (Sys.opaque_identity 3)))
