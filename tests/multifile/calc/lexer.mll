(* The calculator's lexer (`ocamllex lexer.mll` gives lexer.ml). *)
{
open Parser
}
rule token = parse
  | [' ' '\t'] { token lexbuf }
  | '\n' { Lexing.new_line lexbuf; token lexbuf }
  | ['0'-'9']+ ('.' ['0'-'9']*)? as n { NUM (float_of_string n) }
  | ['a'-'z']+ as v { VAR v }
  | '"' ([^ '"']* as s) '"' { STR s }
  | '+' { PLUS } | '-' { MINUS } | '*' { TIMES } | '/' { DIV } | '^' { POW }
  | '(' { LPAREN } | ')' { RPAREN } | '=' { EQ } | ';' { SEMI }
  | eof { EOF }
