(* An expression evaluator with variables, let-binding and errors. *)
type expr =
  | Num of int
  | Var of string
  | Add of expr * expr
  | Sub of expr * expr
  | Mul of expr * expr
  | Div of expr * expr
  | Let of string * expr * expr
  | IfZero of expr * expr * expr

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
  | Div (a, b) -> eval env a / eval env b
  | Let (x, e1, e2) -> eval ((x, eval env e1) :: env) e2
  | IfZero (c, t, f) -> if eval env c = 0 then eval env t else eval env f

let rec show = function
  | Num n -> string_of_int n
  | Var x -> x
  | Add (a, b) -> "(" ^ show a ^ " + " ^ show b ^ ")"
  | Sub (a, b) -> "(" ^ show a ^ " - " ^ show b ^ ")"
  | Mul (a, b) -> "(" ^ show a ^ " * " ^ show b ^ ")"
  | Div (a, b) -> "(" ^ show a ^ " / " ^ show b ^ ")"
  | Let (x, a, b) -> "let " ^ x ^ " = " ^ show a ^ " in " ^ show b
  | IfZero (c, t, f) -> "ifz " ^ show c ^ " then " ^ show t ^ " else " ^ show f

let run e =
  match (try Some (eval [] e) with Unbound x -> Printf.printf "%s: unbound %s\n" (show e) x; None) with
  | Some v -> Printf.printf "%s = %d\n" (show e) v
  | None -> ()

let () =
  let tests = [
    Add (Num 1, Mul (Num 2, Num 3));
    Let ("x", Num 5, Mul (Var "x", Var "x"));
    Let ("x", Num 5, Add (Var "x", Var "y"));
    IfZero (Sub (Num 3, Num 3), Num 10, Num 20);
    Div (Num 17, Num 5);
  ] in
  List.iter (fun e -> try run e with Unbound x -> Printf.printf "unbound %s\n" x) tests;
  (try ignore (eval [] (Div (Num 1, Num 0))) with Division_by_zero -> print_endline "division by zero caught")
