(* The deprecated primitive behind OCaml's old `Printexc.get_backtrace`-style tools:
   `caml_get_exception_backtrace` gives the last exception's trace as slots, one per frame. *)

external get_backtrace : unit -> Printexc.backtrace_slot array option
  = "caml_get_exception_backtrace"

exception Error of string

let rec f msg n = if n = 0 then raise (Error msg) else 1 + f msg (n - 1)

let g msg =
  try f msg 3 with
  | Error "a" -> 0
  | Error "b" as exn -> raise exn
  | Error "c" -> raise (Error "c")

let show () =
  match get_backtrace () with
  | None -> print_endline "no backtrace"
  | Some trace ->
    Printf.printf "%d slots\n" (Array.length trace);
    Array.iteri
      (fun i slot ->
        match Printexc.Slot.format i slot with
        | None -> Printf.printf "%d: (none)\n" i
        | Some line -> print_endline line)
      trace

let run arg =
  try Printf.printf "result %d\n" (g arg) with
  | exn ->
    Printf.printf "Uncaught exception %s\n" (Printexc.to_string exn);
    show ()

let () =
  Printexc.record_backtrace true;
  run "a";
  run "b";
  run "c";
  run "d";
  Printexc.record_backtrace false;
  (try ignore (f "x" 2) with Error _ -> show ())
