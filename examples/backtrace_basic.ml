(* Backtraces under -g: raise points, the frames up to the handler, re-raises (which continue
   the trace), raise_notrace, a primitive's failure, get_callstack, Printexc's slots, and an
   uncaught exception's trace. *)
exception Error of string

let rec down msg n =
  if n = 0 then raise (Error msg) else 1 + down msg (n - 1)
[@@inline never]

let pass msg = down msg 3 + 1
[@@inline never]

let report title f =
  print_endline ("-- " ^ title);
  match f () with
  | _ -> print_endline "no exception"
  | exception e ->
    print_endline (Printexc.to_string e);
    Printexc.print_backtrace stdout
[@@inline never]

let plain () = ignore (pass "p")
[@@inline never]

let off () = ignore (pass "o")
[@@inline never]

let reraise () =
  try ignore (pass "a") with Error _ as e -> print_endline "caught"; raise e
[@@inline never]

let fresh () =
  try ignore (pass "b") with Error _ -> raise (Error "fresh")
[@@inline never]

let notrace () =
  try ignore (pass "c") with Error _ as e -> raise_notrace e
[@@inline never]

let primitive n = Array.make n 0
[@@inline never]

let length_of_primitive () = ignore (Array.length (primitive (-1)))
[@@inline never]

let slots () =
  try ignore (pass "d"); [||]
  with _ ->
    match Printexc.backtrace_slots (Printexc.get_raw_backtrace ()) with
    | None -> [||]
    | Some a -> a
[@@inline never]

let () =
  Printexc.record_backtrace true;
  report "plain" plain;
  report "reraise" reraise;
  report "fresh" fresh;
  report "notrace" notrace;
  report "primitive" length_of_primitive;
  Array.iteri
    (fun i s ->
      match Printexc.Slot.location s with
      | None -> print_endline "no location"
      | Some l ->
        Printf.printf "%d: line %d, characters %d-%d, %b\n" i l.Printexc.line_number
          l.Printexc.start_char l.Printexc.end_char (Printexc.Slot.is_raise s))
    (slots ());
  let bt = Printexc.get_raw_backtrace () in
  Printf.printf "length %d\n" (Printexc.raw_backtrace_length bt);
  Printexc.record_backtrace false;
  report "off" off;
  Printexc.record_backtrace true;
  print_string (Printexc.raw_backtrace_to_string (Printexc.get_callstack 0));
  ignore (pass "uncaught")
