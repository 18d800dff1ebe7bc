(* Constructor patterns that name their existential types, [C (type a b) (p : t)], and a
   type constraint on all the arguments of a constructor of several ([P (x, y : int * _)]). *)
type _ ty = Int : int ty | String : string ty | Pair : 'a ty * 'b ty -> ('a * 'b) ty
type dyn = Dyn : 'a ty * 'a -> dyn

let rec show : type a. a ty -> a -> string = fun t v ->
  match t with
  | Int -> string_of_int v
  | String -> Printf.sprintf "%S" v
  | Pair (ta, tb) -> let (a, b) = v in "(" ^ show ta a ^ ", " ^ show tb b ^ ")"

let print_dyn = function
  | Dyn (type a) (w, x : a ty * a) ->
    let y : a = x in
    print_endline (show w y)

type u = C : 'a * ('a -> 'b list) -> u
let count = function C (type a b) (x, f : _ * (a -> b list)) -> List.length (f (x : a))

type ('a, 'b) pair = P of 'a * 'b
let sum = function P (x, y : int * _) -> x + y

type _ expr =
  | Lit : int -> int expr
  | Add : (int -> int -> int) expr
  | App : ('a -> 'b) expr * 'a expr -> 'b expr

let rec eval : type t. t expr -> t = function
  | Lit n -> n
  | Add -> (+)
  | App (type a) (f, x : _ * a expr) -> eval f (eval x : a)

let () =
  List.iter print_dyn [Dyn (Int, 42); Dyn (String, "hi"); Dyn (Pair (Int, String), (1, "x"))];
  print_int (count (C (3, fun n -> List.init n string_of_int))); print_newline ();
  print_int (sum (P (20, 22))); print_newline ();
  print_int (eval (App (App (Add, Lit 40), Lit 2))); print_newline ()

(* The names are in scope in a function parameter's body too. *)
let describe = fun (Dyn (type a) (w, x : a ty * a)) -> String.length (show w (x : a))
let () = print_int (describe (Dyn (Pair (String, Int), ("abc", 7)))); print_newline ()
