(* Symbolic differentiation and simplification by rewriting to a fixpoint *)
type expr =
  | Num of int
  | Var of string
  | Add of expr * expr
  | Mul of expr * expr
  | Pow of expr * int
  | Neg of expr

let rec to_string = function
  | Num n when n < 0 -> "(" ^ string_of_int n ^ ")"
  | Num n -> string_of_int n
  | Var x -> x
  | Add (a, Neg b) -> "(" ^ to_string a ^ " - " ^ to_string b ^ ")"
  | Add (a, b) -> "(" ^ to_string a ^ " + " ^ to_string b ^ ")"
  | Mul (a, b) -> to_string a ^ "*" ^ to_string b
  | Pow (e, n) -> to_string e ^ "^" ^ string_of_int n
  | Neg e -> "-" ^ to_string e

let rec deriv x = function
  | Num _ -> Num 0
  | Var y -> if x = y then Num 1 else Num 0
  | Add (a, b) -> Add (deriv x a, deriv x b)
  | Mul (a, b) -> Add (Mul (deriv x a, b), Mul (a, deriv x b))
  | Pow (e, n) -> Mul (Mul (Num n, Pow (e, n - 1)), deriv x e)
  | Neg e -> Neg (deriv x e)

(* one bottom-up simplification pass *)
let rec simp e =
  match e with
  | Add (a, b) -> simp_add (simp a) (simp b)
  | Mul (a, b) -> simp_mul (simp a) (simp b)
  | Pow (e, n) -> (
      match simp e, n with
      | _, 0 -> Num 1
      | e', 1 -> e'
      | Num m, n -> Num (pow m n)
      | e', n -> Pow (e', n))
  | Neg e -> (
      match simp e with
      | Num n -> Num (-n)
      | Neg e' -> e'
      | e' -> Neg e')
  | Num _ | Var _ -> e

and simp_add a b =
  match a, b with
  | Num 0, e | e, Num 0 -> e
  | Num m, Num n -> Num (m + n)
  | Num m, Add (Num n, e) | Add (Num n, e), Num m -> Add (Num (m + n), e)
  | e, Num n -> Add (Num n, e)
  | e1, e2 when e1 = e2 -> Mul (Num 2, e1)
  | Mul (Num k, e1), e2 when e1 = e2 -> Mul (Num (k + 1), e1)
  | _ -> Add (a, b)

and simp_mul a b =
  match a, b with
  | Num 0, _ | _, Num 0 -> Num 0
  | Num 1, e | e, Num 1 -> e
  | Num m, Num n -> Num (m * n)
  | Num m, Mul (Num n, e) -> Mul (Num (m * n), e)
  | e, (Num _ as n) -> Mul (n, e)
  | e1, e2 when e1 = e2 -> Pow (e1, 2)
  | Pow (e1, m), Pow (e2, n) when e1 = e2 -> Pow (e1, m + n)
  | (Pow (e1, m) as p), e2 | e2, (Pow (e1, m) as p) ->
    if e1 = e2 then Pow (e1, m + 1) else Mul (e2, p)
  | _ -> Mul (a, b)

and pow m n = if n = 0 then 1 else m * pow m (n - 1)

let rec fixpoint f x =
  let y = f x in
  if y = x then x else fixpoint f y

let simplify = fixpoint simp

let rec eval env = function
  | Num n -> n
  | Var x -> List.assoc x env
  | Add (a, b) -> eval env a + eval env b
  | Mul (a, b) -> eval env a * eval env b
  | Pow (e, n) -> pow (eval env e) n
  | Neg e -> - (eval env e)

let x = Var "x" and y = Var "y"

let tests = [
  Add (Mul (Num 3, Pow (x, 3)), Mul (Num 2, x));
  Mul (x, Mul (x, x));
  Add (Pow (x, 2), Neg (Mul (Num 4, Mul (x, y))));
  Mul (Add (x, Num 1), Add (x, Num (-1)));
  Pow (Add (x, y), 3);
  Neg (Neg (Add (Num 0, Mul (Num 1, x))));
]

let () =
  List.iter
    (fun e ->
       let d = simplify (deriv "x" e) in
       Printf.printf "d/dx %s = %s\n" (to_string (simplify e)) (to_string d);
       let env = ["x", 3; "y", -2] in
       Printf.printf "   at x=3,y=-2: f=%d f'=%d\n" (eval env e) (eval env d))
    tests;
  try ignore (eval [] x) with Not_found -> print_endline "unbound variable"
