(* An uncaught exception with backtraces on, built without -g: the stdlib's raise and the
   program's calls that reach it, then exit code 2. *)
let table = [ (1, "one"); (2, "two") ]

let rec names keys =
  match keys with
  | [] -> []
  | k :: rest ->
      let name = List.assoc k table in
      name :: names rest

let () =
  Printexc.record_backtrace true;
  print_endline (String.concat " " (names [ 1; 2 ]));
  print_endline (String.concat " " (names [ 2; int_of_string "3"; 1 ]))
