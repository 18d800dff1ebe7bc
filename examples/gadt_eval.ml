(* A typed expression language: the evaluator's result type follows the expression's index. *)
type _ expr =
  | Int : int -> int expr
  | Bool : bool -> bool expr
  | Add : int expr * int expr -> int expr
  | Mul : int expr * int expr -> int expr
  | Lt : int expr * int expr -> bool expr
  | Eq : int expr * int expr -> bool expr
  | If : bool expr * 'a expr * 'a expr -> 'a expr
  | Pair : 'a expr * 'b expr -> ('a * 'b) expr
  | Fst : ('a * 'b) expr -> 'a expr
  | Snd : ('a * 'b) expr -> 'b expr
  | Str : string -> string expr
  | Concat : string expr * string expr -> string expr

let rec eval : type a. a expr -> a = function
  | Int n -> n
  | Bool b -> b
  | Add (x, y) -> eval x + eval y
  | Mul (x, y) -> eval x * eval y
  | Lt (x, y) -> eval x < eval y
  | Eq (x, y) -> eval x = eval y
  | If (c, t, e) -> if eval c then eval t else eval e
  | Pair (x, y) -> (eval x, eval y)
  | Fst p -> fst (eval p)
  | Snd p -> snd (eval p)
  | Str s -> s
  | Concat (a, b) -> eval a ^ eval b

(* Printing by the index: a function of the expression's type. *)
let rec show : type a. a expr -> string = function
  | Int n -> string_of_int n
  | Bool b -> string_of_bool b
  | Add (x, y) -> "(" ^ show x ^ " + " ^ show y ^ ")"
  | Mul (x, y) -> show x ^ " * " ^ show y
  | Lt (x, y) -> show x ^ " < " ^ show y
  | Eq (x, y) -> show x ^ " = " ^ show y
  | If (c, t, e) -> "if " ^ show c ^ " then " ^ show t ^ " else " ^ show e
  | Pair (x, y) -> "(" ^ show x ^ ", " ^ show y ^ ")"
  | Fst p -> "fst " ^ show p
  | Snd p -> "snd " ^ show p
  | Str s -> Printf.sprintf "%S" s
  | Concat (a, b) -> show a ^ " ^ " ^ show b

(* A value printer indexed by the same type. *)
type _ ty = TInt : int ty | TBool : bool ty | TString : string ty | TPair : 'a ty * 'b ty -> ('a * 'b) ty

let rec print_value : type a. a ty -> a -> string = fun t v ->
  match t with
  | TInt -> string_of_int v
  | TBool -> if v then "true" else "false"
  | TString -> v
  | TPair (ta, tb) -> let (a, b) = v in "<" ^ print_value ta a ^ "|" ^ print_value tb b ^ ">"

(* Optimisation that preserves the index. *)
let rec simplify : type a. a expr -> a expr = function
  | Add (Int 0, e) -> simplify e
  | Add (e, Int 0) -> simplify e
  | Mul (Int 1, e) -> simplify e
  | Mul (e, Int 1) -> simplify e
  | Add (x, y) -> Add (simplify x, simplify y)
  | Mul (x, y) -> Mul (simplify x, simplify y)
  | If (Bool true, t, _) -> simplify t
  | If (Bool false, _, e) -> simplify e
  | If (c, t, e) -> If (simplify c, simplify t, simplify e)
  | Pair (x, y) -> Pair (simplify x, simplify y)
  | e -> e

let () =
  let e1 = Add (Int 0, Mul (Int 1, Add (Int 3, Int 4))) in
  Printf.printf "%s = %d\n" (show e1) (eval e1);
  let e1' = simplify e1 in
  Printf.printf "%s = %d\n" (show e1') (eval e1');
  let e2 = If (Lt (Int 2, Int 3), Pair (Int 1, Str "yes"), Pair (Int 0, Str "no")) in
  print_endline (show e2);
  print_endline (print_value (TPair (TInt, TString)) (eval e2));
  let e3 = Pair (Fst e2, Pair (Eq (Add (Int 1, Int 1), Int 2), Concat (Snd e2, Str "!"))) in
  print_endline (print_value (TPair (TInt, TPair (TBool, TString))) (eval e3));
  let total = ref 0 in
  for i = 1 to 1000 do
    total := !total + eval (If (Lt (Int i, Int 500), Int i, Mul (Int i, Int 2)))
  done;
  Printf.printf "total %d\n" !total;
  (* The same polymorphic function at several indices. *)
  let both = (eval (Bool true), eval (Str "s"), eval (Int 42)) in
  let (b, s, n) = both in
  Printf.printf "%b %s %d\n" b s n
