(* Polymorphic variants: an expression evaluator over a recursive closed variant type, an
   inferred recursive type, open recursion with `#t` patterns, and printing with Printf. *)
type expr = [ `Int of int | `Add of expr * expr | `Mul of expr * expr | `Neg of expr ]

let rec eval : expr -> int = function
  | `Int n -> n
  | `Add (a, b) -> eval a + eval b
  | `Mul (a, b) -> eval a * eval b
  | `Neg e -> - (eval e)

let rec to_string : expr -> string = function
  | `Int n when n < 0 -> Printf.sprintf "(%d)" n
  | `Int n -> string_of_int n
  | `Add (a, b) -> Printf.sprintf "(%s + %s)" (to_string a) (to_string b)
  | `Mul (a, b) -> Printf.sprintf "%s * %s" (to_string a) (to_string b)
  | `Neg e -> "-" ^ to_string e

(* No annotation: the type is inferred, recursive through the variant. *)
let rec size = function
  | `Int _ -> 1
  | `Add (a, b) | `Mul (a, b) -> 1 + size a + size b
  | `Neg e -> 1 + size e

let e1 = `Add (`Int 1, `Mul (`Int 2, `Neg (`Int 3)))
let () = Printf.printf "%s = %d (size %d)\n" (to_string e1) (eval e1) (size e1)

(* Open recursion: each language extends the previous one's evaluator. *)
type 'a arith = [ `Int of int | `Add of 'a * 'a ]
type 'a with_vars = [ 'a arith | `Var of string | `Let of string * 'a * 'a ]

let eval_arith eval_rec : 'a arith -> int = function
  | `Int n -> n
  | `Add (a, b) -> eval_rec a + eval_rec b

let eval_vars env eval_rec : 'a with_vars -> int = function
  | `Var x -> (try List.assoc x !env with Not_found -> failwith ("unbound " ^ x))
  | `Let (x, e, body) ->
      let v = eval_rec e in
      env := (x, v) :: !env;
      let r = eval_rec body in
      env := List.tl !env;
      r
  | #arith as e -> eval_arith eval_rec e

type lang = lang with_vars

let env = ref []
let rec eval_lang (e : lang) = eval_vars env eval_lang e

let program : lang =
  `Let ("x", `Add (`Int 20, `Int 1), `Add (`Var "x", `Var "x"))

let () = Printf.printf "let-program = %d\n" (eval_lang program)

let () =
  match eval_lang (`Var "y") with
  | n -> print_int n
  | exception Failure msg -> print_endline ("error: " ^ msg)

(* A simplifier returning a (closed) sub-language. *)
let rec simplify : expr -> expr = function
  | `Add (`Int 0, e) | `Add (e, `Int 0) -> simplify e
  | `Mul (`Int 1, e) | `Mul (e, `Int 1) -> simplify e
  | `Mul (`Int 0, _) | `Mul (_, `Int 0) -> `Int 0
  | `Add (a, b) -> `Add (simplify a, simplify b)
  | `Mul (a, b) -> `Mul (simplify a, simplify b)
  | `Neg (`Neg e) -> simplify e
  | `Neg e -> `Neg (simplify e)
  | `Int _ as e -> e

let () =
  List.iter
    (fun e -> Printf.printf "%s -> %s\n" (to_string e) (to_string (simplify e)))
    [ `Add (`Int 0, `Mul (`Int 1, `Int 7)); `Neg (`Neg (`Int 4)); `Mul (`Add (`Int 2, `Int 3), `Int 0) ]
