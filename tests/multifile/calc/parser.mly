/* A calculator: ocamlyacc's parser (`ocamlyacc parser.mly` gives parser.ml and parser.mli). */
%{
let var_table = Hashtbl.create 16
let error_count = ref 0
%}
%token <float> NUM
%token <string> VAR
%token <string> STR
%token PLUS MINUS TIMES DIV POW LPAREN RPAREN EQ SEMI EOF
%left PLUS MINUS
%left TIMES DIV
%right POW
%nonassoc UMINUS
%start main
%type <(string * float) list> main
%%
main:
    stmts EOF { List.rev $1 }
;
stmts:
    /* empty */ { [] }
  | stmts stmt SEMI { $2 :: $1 }
  | stmts error SEMI
      { incr error_count;
        let p = Parsing.rhs_start_pos 2 in
        Printf.printf "error recovered at line %d, char %d (%d so far)\n"
          p.Lexing.pos_lnum (p.Lexing.pos_cnum - p.Lexing.pos_bol) !error_count;
        $1 }
;
stmt:
    VAR EQ expr { Hashtbl.replace var_table $1 $3; ($1, $3) }
  | expr { let s = Parsing.symbol_start () and e = Parsing.symbol_end () in
           (Printf.sprintf "expr@%d-%d" s e, $1) }
  | STR { ($1, float_of_int (String.length $1)) }
;
expr:
    NUM { $1 }
  | VAR { try Hashtbl.find var_table $1 with Not_found -> nan }
  | expr PLUS expr { $1 +. $3 }
  | expr MINUS expr { $1 -. $3 }
  | expr TIMES expr { $1 *. $3 }
  | expr DIV expr { $1 /. $3 }
  | expr POW expr { $1 ** $3 }
  | MINUS expr %prec UMINUS { -. $2 }
  | LPAREN expr RPAREN { $2 }
;
