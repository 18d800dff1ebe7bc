(* An ocamllex lexer and its driver: examples/lexing_ocamllex.ml is this file's output
   (OCaml 4.13's `ocamllex -q lexing_ocamllex.mll`). *)
{
type token =
  | INT of int
  | FLOAT of float
  | IDENT of string
  | STRING of string
  | OP of string
  | KEY of string * string
  | EOF

let show = function
  | INT n -> Printf.sprintf "INT %d" n
  | FLOAT f -> Printf.sprintf "FLOAT %g" f
  | IDENT s -> Printf.sprintf "IDENT %s" s
  | STRING s -> Printf.sprintf "STRING %S" s
  | OP s -> Printf.sprintf "OP %s" s
  | KEY (k, v) -> Printf.sprintf "KEY %s=%s" k v
  | EOF -> "EOF"

let string_buffer = Buffer.create 16
}

let digit = ['0'-'9']
let alpha = ['a'-'z' 'A'-'Z' '_']
let ident = alpha (alpha | digit | '\'')*

rule token = parse
  | [' ' '\t']+ { token lexbuf }
  | '\n' { Lexing.new_line lexbuf; token lexbuf }
  | "(*" { comment 0 lexbuf; token lexbuf }
  | digit+ as n { INT (int_of_string n) }
  | digit+ '.' digit* (['e' 'E'] ['+' '-']? digit+)? as f { FLOAT (float_of_string f) }
  | (ident as k) ' '* '=' ' '* (digit+ as v) { KEY (k, v) }
  | ident { IDENT (Lexing.lexeme lexbuf) }
  | '"' { Buffer.clear string_buffer; string lexbuf; STRING (Buffer.contents string_buffer) }
  | "<=" | ">=" | "<>" | "->" | ['+' '-' '*' '/' '<' '>' '=' '(' ')' ';'] { OP (Lexing.lexeme lexbuf) }
  | eof { EOF }

and comment depth = parse
  | "*)" { if depth > 0 then comment (depth - 1) lexbuf }
  | "(*" { comment (depth + 1) lexbuf }
  | '\n' { Lexing.new_line lexbuf; comment depth lexbuf }
  | eof { failwith "unterminated comment" }
  | _ { comment depth lexbuf }

and string = parse
  | '"' { () }
  | '\\' (['n' 't' '\\' '"'] as c)
      { Buffer.add_char string_buffer
          (match c with 'n' -> '\n' | 't' -> '\t' | c -> c);
        string lexbuf }
  | '\n' { Lexing.new_line lexbuf; Buffer.add_char string_buffer '\n'; string lexbuf }
  | [^ '"' '\\' '\n']+ { Buffer.add_string string_buffer (Lexing.lexeme lexbuf); string lexbuf }
  | eof { failwith "unterminated string" }

(* The shortest match: the first character of the rest, or the end. *)
and first = shortest
  | _+ as s { Some s }
  | eof { None }

(* Only digits: anything else is "lexing: empty token". *)
and digits = parse
  | digit+ { Lexing.lexeme lexbuf }

{
let position lexbuf =
  let p = Lexing.lexeme_start_p lexbuf in
  Printf.sprintf "%d:%d-%d" p.Lexing.pos_lnum (p.Lexing.pos_cnum - p.Lexing.pos_bol)
    (Lexing.lexeme_end lexbuf)

let dump name lexbuf =
  Printf.printf "-- %s\n" name;
  let count = ref 0 in
  let rec loop () =
    match token lexbuf with
    | EOF -> Printf.printf "EOF at line %d, %d tokens\n" lexbuf.Lexing.lex_curr_p.Lexing.pos_lnum !count
    | t ->
        incr count;
        Printf.printf "%s %s [%d]\n" (position lexbuf) (show t) (Lexing.lexeme_start lexbuf);
        loop ()
  in
  loop ()

let () =
  dump "string" (Lexing.from_string "let x = 42 in\n  (* a (* nested *) comment *) x + 3.25e1 <= y'\n\"a\\tb\\n\"");
  let lexbuf = Lexing.from_string "abc" in
  (match first lexbuf with Some s -> Printf.printf "shortest: %S\n" s | None -> ());
  (match first lexbuf with Some s -> Printf.printf "shortest: %S\n" s | None -> ());
  let lexbuf = Lexing.from_string "123abc" in
  Printf.printf "digits: %s\n" (digits lexbuf);
  (match digits lexbuf with
   | s -> Printf.printf "digits: %s\n" s
   | exception Failure m -> Printf.printf "Failure %S at %d\n" m (Lexing.lexeme_start lexbuf));
  let lexbuf = Lexing.from_string ~with_positions:false "x\ny" in
  ignore (token lexbuf);
  ignore (token lexbuf);
  Printf.printf "without positions: line %d\n" lexbuf.Lexing.lex_curr_p.Lexing.pos_lnum;
  let lexbuf = Lexing.from_string "@" in
  (match token lexbuf with
   | t -> print_endline (show t)
   | exception Failure m -> Printf.printf "Failure %S\n" m);
  let lexbuf = Lexing.from_function (let n = ref 0 in fun buf len ->
    incr n; if !n > 3 then 0 else (Bytes.blit_string "ab 1" 0 buf 0 4; 4)) in
  dump "function" lexbuf;
  let lexbuf = Lexing.from_string "x" in
  Lexing.set_filename lexbuf "named";
  Printf.printf "file %s\n" lexbuf.Lexing.lex_curr_p.Lexing.pos_fname;
  let lexbuf = Lexing.from_string "(* open" in
  (try ignore (token lexbuf) with Failure m -> print_endline m);
  let lexbuf = Lexing.from_string "\"open" in
  ignore (token lexbuf)
}
