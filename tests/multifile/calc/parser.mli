type token =
  | NUM of (float)
  | VAR of (string)
  | STR of (string)
  | PLUS
  | MINUS
  | TIMES
  | DIV
  | POW
  | LPAREN
  | RPAREN
  | EQ
  | SEMI
  | EOF

val main :
  (Lexing.lexbuf  -> token) -> Lexing.lexbuf -> (string * float) list
