(* Inline records in exception and extension constructors. *)
exception Parse_error of { line : int; msg : string }
exception Counted of { mutable count : int }
exception Plain of int * string

type event = ..
type event += Click of { x : int; y : int } | Key of char
type 'a box = ..
type 'a box += Boxed of { value : 'a; label : string }

let describe = function
  | Parse_error { line; msg = "eof" } -> Printf.sprintf "eof at %d" line
  | Parse_error e -> Printf.sprintf "line %d: %s" e.line e.msg
  | Plain (n, s) -> Printf.sprintf "plain %d %s" n s
  | e -> Printexc.to_string e

let show_event = function
  | Click { x; y } when x = y -> "diagonal click"
  | Click c -> Printf.sprintf "click %d,%d" c.x c.y
  | Key k -> Printf.sprintf "key %c" k
  | _ -> "other"

let local n =
  let exception Found of { at : int } in
  try List.iteri (fun i x -> if x = n then raise (Found { at = i })) [ 5; 6; 7 ]; -1
  with Found { at } -> at

let () =
  Printf.printf "found %d %d\n" (local 6) (local 9);
  (try raise (Parse_error { line = 3; msg = "unexpected token" })
   with Parse_error { line; msg } -> Printf.printf "line %d: %s\n" line msg);
  print_endline (describe (Parse_error { msg = "eof"; line = 7 }));
  print_endline (describe (Parse_error { line = 1; msg = "x" }));
  print_endline (describe (Plain (2, "p")));
  print_endline (describe Not_found);
  List.iter (fun e -> print_endline (show_event e)) [ Click { x = 1; y = 2 }; Click { x = 4; y = 4 }; Key 'q' ];
  (* A bound record: field reads, an update, the constructor of the variable. *)
  (match Parse_error { line = 10; msg = "m" } with
   | Parse_error r ->
       let again = Parse_error { r with line = r.line + 1 } in
       print_endline (describe again);
       print_endline (describe (Parse_error r))
   | _ -> ());
  (* A mutable field changes the exception value itself. *)
  let c = Counted { count = 0 } in
  for _ = 1 to 3 do
    match c with Counted r -> r.count <- r.count + 1 | _ -> ()
  done;
  (match c with Counted { count } -> Printf.printf "count %d\n" count | _ -> ());
  (match Boxed { value = [ 1; 2 ]; label = "l" } with
   | Boxed { value; label } -> Printf.printf "%s %d\n" label (List.length value)
   | _ -> ());
  (* Equality and uncaught printing as OCaml's. *)
  Printf.printf "%b %b\n" (Parse_error { line = 1; msg = "a" } = Parse_error { line = 1; msg = "a" })
    (Click { x = 1; y = 1 } = Click { x = 1; y = 2 });
  raise (Parse_error { line = 99; msg = "uncaught" })
