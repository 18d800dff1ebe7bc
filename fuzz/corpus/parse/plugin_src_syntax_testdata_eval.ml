(* An expression evaluator with variables, let-bindings and errors. *)
type expr =
  | Num of int
  | Var of string
  | Add of expr * expr
  | Sub of expr * expr
  | Mul of expr * expr
  | Div of expr * expr
  | Neg of expr
  | Let of string * expr * expr
  | If of expr * expr * expr

exception Unbound of string

let rec lookup env x =
  match env with
  | [] -> raise (Unbound x)
  | (y, v) :: rest -> if x = y then v else lookup rest x

let rec eval env e =
  match e with
  | Num n -> n
  | Var x -> lookup env x
  | Add (a, b) -> eval env a + eval env b
  | Sub (a, b) -> eval env a - eval env b
  | Mul (a, b) -> eval env a * eval env b
  | Div (a, b) ->
    let d = eval env b in
    if d = 0 then failwith "division by zero" else eval env a / d
  | Neg a -> - (eval env a)
  | Let (x, e1, e2) -> eval ((x, eval env e1) :: env) e2
  | If (c, t, f) -> if eval env c <> 0 then eval env t else eval env f

let rec to_string = function
  | Num n when n < 0 -> "(" ^ string_of_int n ^ ")"
  | Num n -> string_of_int n
  | Var x -> x
  | Add (a, b) -> "(" ^ to_string a ^ " + " ^ to_string b ^ ")"
  | Sub (a, b) -> "(" ^ to_string a ^ " - " ^ to_string b ^ ")"
  | Mul (a, b) -> to_string a ^ " * " ^ to_string b
  | Div (a, b) -> to_string a ^ " / " ^ to_string b
  | Neg a -> "-" ^ to_string a
  | Let (x, a, b) -> "let " ^ x ^ " = " ^ to_string a ^ " in " ^ to_string b
  | If (c, a, b) -> "if " ^ to_string c ^ " then " ^ to_string a ^ " else " ^ to_string b

let examples =
  [ Add (Num 1, Mul (Num 2, Num 3));
    Let ("x", Num 5, Sub (Var "x", Num (-7)));
    Div (Num 1, Num 0);
    Var "y";
    If (Num 0, Num 1, Neg (Num 2)) ]

let () =
  List.iter
    (fun e ->
      print_string (to_string e);
      print_string " => ";
      try
        let v = eval [] e in
        print_int v;
        print_newline ()
      with
      | Unbound x -> print_endline ("unbound " ^ x)
      | Failure msg -> print_endline ("error: " ^ msg))
    examples
