(* Parses programs of the calculator (Parser, Lexer: ocamlyacc's and ocamllex's output). *)
let run name text =
  Printf.printf "-- %s\n" name;
  let lexbuf = Lexing.from_string text in
  match Parser.main Lexer.token lexbuf with
  | results ->
      List.iter (fun (n, v) -> Printf.printf "%s = %g\n" n v) results
  | exception Parsing.Parse_error ->
      let p = Lexing.lexeme_start_p lexbuf in
      Printf.printf "Parse_error at line %d, token %S\n" p.Lexing.pos_lnum (Lexing.lexeme lexbuf)
  | exception Failure m -> Printf.printf "Failure %s\n" m

let () =
  run "arith" "1 + 2 * 3; (1 + 2) * 3; 2 ^ 3 ^ 2; -4 - -2; 10 / 4;";
  run "vars" "x = 3;\ny = x * x + 1;\nx + y; z;\n\"hello\";";
  run "recover" "1 + ; 2 * 3;\n4 ) ; 5;";
  run "empty" "";
  run "bad" "1 + 2";
  run "bad2" ") 1;";
  run "lexer" "1 + $;";
  (* Deep nesting grows the parser's stacks past their 100 entries. *)
  run "deep" (String.make 300 '(' ^ "7" ^ String.make 300 ')' ^ ";");
  let old = Parsing.set_trace true in
  Printf.printf "trace was %b\n%!" old;
  run "traced" "a = 2.5; (a;";
  ignore (Parsing.set_trace false);
  (* An uncaught Parse_error. *)
  ignore (Parser.main Lexer.token (Lexing.from_string "1 +"))
