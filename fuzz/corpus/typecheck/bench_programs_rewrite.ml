(* Term rewriting: symbolic differentiation and simplification to a fixpoint. *)
type term =
  | Const of int
  | X
  | Add of term * term
  | Mul of term * term
  | Pow of term * int

let rec deriv = function
  | Const _ -> Const 0
  | X -> Const 1
  | Add (a, b) -> Add (deriv a, deriv b)
  | Mul (a, b) -> Add (Mul (deriv a, b), Mul (a, deriv b))
  | Pow (a, n) -> Mul (Mul (Const n, Pow (a, n - 1)), deriv a)

let rec simplify t =
  let t' = step t in
  if t' = t then t else simplify t'

and step = function
  | Add (Const 0, a) | Add (a, Const 0) -> step a
  | Mul (Const 0, _) | Mul (_, Const 0) -> Const 0
  | Mul (Const 1, a) | Mul (a, Const 1) -> step a
  | Add (Const a, Const b) -> Const (a + b)
  | Mul (Const a, Const b) -> Const (a * b)
  | Mul (Const a, Mul (Const b, c)) -> Mul (Const (a * b), step c)
  | Pow (_, 0) -> Const 1
  | Pow (a, 1) -> step a
  | Add (a, b) -> Add (step a, step b)
  | Mul (a, b) -> Mul (step a, step b)
  | Pow (a, n) -> Pow (step a, n)
  | t -> t

let rec size = function
  | Const _ | X -> 1
  | Add (a, b) | Mul (a, b) -> 1 + size a + size b
  | Pow (a, _) -> 1 + size a

let rec eval x = function
  | Const n -> n
  | X -> x
  | Add (a, b) -> eval x a + eval x b
  | Mul (a, b) -> eval x a * eval x b
  | Pow (a, n) -> let v = eval x a in let r = ref 1 in for _ = 1 to n do r := !r * v done; !r

let () =
  let poly = ref X in
  for i = 2 to 9 do poly := Add (Mul (Const i, Pow (X, i)), !poly) done;
  let total = ref 0 in
  for round = 1 to 20000 do
    let d = simplify (deriv (simplify (deriv !poly))) in
    total := !total + eval round d + size d
  done;
  Printf.printf "%d\n" !total
