(* Backtraces of a program built without -g, as ocamlopt's: a zero divisor's raise and a
   failing C primitive keep their locations; a failed bound check has none; a `raise` of the
   program's own code records nothing (ocamlopt makes it raise_notrace), so the trace printed
   after it is the previous exception's. *)
let show name f =
  print_endline ("-- " ^ name);
  match f () with
  | n -> Printf.printf "result %d\n" n
  | exception e ->
      print_endline (Printexc.to_string e);
      Printexc.print_backtrace stdout

let conv s = int_of_string s
let div a b = a / b
let get a i = a.(i)

let () =
  Printexc.record_backtrace true;
  show "division by zero" (fun () -> 10 / conv "0");
  show "division in a function" (fun () -> 1 + div 7 (conv "0"));
  show "raise after it" (fun () -> raise Exit);
  show "unmatched handler" (fun () -> try raise (Failure "x") with Not_found -> 0);
  show "int_of_string" (fun () -> conv "x" + 1);
  show "array bounds" (fun () -> get [| 1; 2 |] (conv "5"));
  show "string bounds" (fun () -> Char.code "abc".[conv "7"]);
  show "raise_notrace" (fun () -> raise_notrace Not_found);
  show "no exception" (fun () -> div 7 2)
