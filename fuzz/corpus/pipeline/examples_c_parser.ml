(* Tokenizer + recursive-descent parser + evaluator for arithmetic with let-bindings *)
type token =
  | INT of int
  | IDENT of string
  | PLUS | MINUS | STAR | SLASH | PERCENT
  | LPAREN | RPAREN
  | LET | IN | EQ
  | EOF

exception Lex_error of int * char
exception Parse_error of string

let is_digit c = c >= '0' && c <= '9'
let is_alpha = function 'a' .. 'z' | 'A' .. 'Z' | '_' -> true | _ -> false

let tokenize s =
  let n = String.length s in
  let rec lex i acc =
    if i >= n then List.rev (EOF :: acc)
    else
      match s.[i] with
      | ' ' | '\t' | '\n' -> lex (i + 1) acc
      | '+' -> lex (i + 1) (PLUS :: acc)
      | '-' -> lex (i + 1) (MINUS :: acc)
      | '*' -> lex (i + 1) (STAR :: acc)
      | '/' -> lex (i + 1) (SLASH :: acc)
      | '%' -> lex (i + 1) (PERCENT :: acc)
      | '(' -> lex (i + 1) (LPAREN :: acc)
      | ')' -> lex (i + 1) (RPAREN :: acc)
      | '=' -> lex (i + 1) (EQ :: acc)
      | c when is_digit c ->
        let j = ref i in
        while !j < n && is_digit s.[!j] do incr j done;
        lex !j (INT (int_of_string (String.sub s i (!j - i))) :: acc)
      | c when is_alpha c ->
        let j = ref i in
        while !j < n && (is_alpha s.[!j] || is_digit s.[!j]) do incr j done;
        let tok =
          match String.sub s i (!j - i) with
          | "let" -> LET
          | "in" -> IN
          | id -> IDENT id
        in
        lex !j (tok :: acc)
      | c -> raise (Lex_error (i, c))
  in
  lex 0 []

type expr =
  | Const of int
  | Id of string
  | Bin of char * expr * expr
  | Uminus of expr
  | Let of string * expr * expr

(* grammar:
   expr   ::= LET IDENT EQ expr IN expr | sum
   sum    ::= prod { ("+" | "-") prod }
   prod   ::= unary { ("*" | "/" | "%") unary }
   unary  ::= - unary | atom
   atom   ::= INT | IDENT | ( expr ) *)
let parse tokens =
  let toks = ref tokens in
  let peek () = match !toks with [] -> EOF | t :: _ -> t in
  let advance () = match !toks with [] -> () | _ :: r -> toks := r in
  let expect t what =
    if peek () = t then advance () else raise (Parse_error ("expected " ^ what))
  in
  let rec expr () =
    match peek () with
    | LET ->
      advance ();
      let name =
        match peek () with
        | IDENT x -> advance (); x
        | _ -> raise (Parse_error "expected identifier after let")
      in
      expect EQ "'='";
      let e1 = expr () in
      expect IN "'in'";
      let e2 = expr () in
      Let (name, e1, e2)
    | _ -> sum ()
  and sum () =
    let rec loop lhs =
      match peek () with
      | PLUS -> advance (); loop (Bin ('+', lhs, prod ()))
      | MINUS -> advance (); loop (Bin ('-', lhs, prod ()))
      | _ -> lhs
    in
    loop (prod ())
  and prod () =
    let rec loop lhs =
      match peek () with
      | STAR -> advance (); loop (Bin ('*', lhs, unary ()))
      | SLASH -> advance (); loop (Bin ('/', lhs, unary ()))
      | PERCENT -> advance (); loop (Bin ('%', lhs, unary ()))
      | _ -> lhs
    in
    loop (unary ())
  and unary () =
    match peek () with
    | MINUS -> advance (); Uminus (unary ())
    | _ -> atom ()
  and atom () =
    match peek () with
    | INT n -> advance (); Const n
    | IDENT x -> advance (); Id x
    | LPAREN ->
      advance ();
      let e = expr () in
      expect RPAREN "')'";
      e
    | EOF -> raise (Parse_error "unexpected end of input")
    | _ -> raise (Parse_error "unexpected token")
  in
  let e = expr () in
  if peek () <> EOF then raise (Parse_error "trailing input");
  e

let rec eval env = function
  | Const n -> n
  | Id x -> (try List.assoc x env with Not_found -> failwith ("unbound variable " ^ x))
  | Uminus e -> - (eval env e)
  | Let (x, e1, e2) -> eval ((x, eval env e1) :: env) e2
  | Bin (op, a, b) ->
    let vb = eval env b in
    let va = eval env a in
    (match op with
     | '+' -> va + vb
     | '-' -> va - vb
     | '*' -> va * vb
     | '/' -> va / vb
     | '%' -> va mod vb
     | _ -> assert false)

let rec show = function
  | Const n -> string_of_int n
  | Id x -> x
  | Uminus e -> "(-" ^ show e ^ ")"
  | Bin (op, a, b) -> Printf.sprintf "(%s %c %s)" (show a) op (show b)
  | Let (x, a, b) -> Printf.sprintf "(let %s = %s in %s)" x (show a) (show b)

let inputs = [
  "1 + 2 * 3";
  "(1 + 2) * 3";
  "10 - 3 - 2";
  "-7 / 2";
  "-7 % 3";
  "let x = 5 in let y = x * x in y - x";
  "let a = 2 in (let a = 10 in a) + a";
  "100 / (5 - 5)";
  "2 * (3 + 4";
  "1 + + 2";
  "1 2";
  "3 $ 4";
  "zz + 1";
  "4611686018427387903 + 1";
]

let () =
  List.iter
    (fun src ->
       Printf.printf "%-40s => " src;
       try
         let e = parse (tokenize src) in
         let v = eval [] e in
         Printf.printf "%s = %d\n" (show e) v
       with
       | Lex_error (pos, c) -> Printf.printf "lex error at %d: '%c'\n" pos c
       | Parse_error msg -> Printf.printf "parse error: %s\n" msg
       | Division_by_zero -> print_endline "division by zero"
       | Failure msg -> Printf.printf "runtime error: %s\n" msg)
    inputs
