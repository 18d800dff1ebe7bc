(* From OCaml's testsuite (typing-gadts/omega07.ml, nested_equations.ml): length-indexed
   sequences, addition witnesses and proofs by polymorphic recursion, run. *)
type zero = Zero
type 'a succ = Succ of 'a
type _ nat = NZ : zero nat | NS : 'a nat -> 'a succ nat
type (_, _) seq = Snil : ('a, zero) seq | Scons : 'a * ('a, 'n) seq -> ('a, 'n succ) seq

type (_, _, _) plus =
  | PlusZ : 'a nat -> (zero, 'a, 'a) plus
  | PlusS : ('a, 'b, 'c) plus -> ('a succ, 'b, 'c succ) plus

type (_, _) equal = Eq : ('a, 'a) equal

type (_, _, _) app = App : ('a, 'p) seq * ('n, 'm, 'p) plus -> ('a, 'n, 'm) app

let rec app : type a n m. (a, n) seq -> (a, m) seq -> (a, n, m) app = fun xs ys ->
  match xs with
  | Snil -> App (ys, PlusZ (length ys))
  | Scons (x, xs') ->
    let App (xs'', pl) = app xs' ys in
    App (Scons (x, xs''), PlusS pl)
and length : type a n. (a, n) seq -> n nat = function
  | Snil -> NZ
  | Scons (_, s) -> NS (length s)

let rec plus_func : type a b m n. (a, b, m) plus -> (a, b, n) plus -> (m, n) equal =
  fun p1 p2 ->
  match p1, p2 with
  | PlusZ _, PlusZ _ -> Eq
  | PlusS p1', PlusS p2' -> let Eq = plus_func p1' p2' in Eq

let rec to_int : type n. n nat -> int = function NZ -> 0 | NS n -> 1 + to_int n

let rec to_list : type a n. (a, n) seq -> a list = function
  | Snil -> []
  | Scons (x, r) -> x :: to_list r

type _ t = Int : int t
let int_of (type a) (w : a t) (x : a) : int = let Int = w in x

let () =
  let l1 = Scons (3, Scons (5, Snil)) in
  let l2 = Scons (7, Scons (11, Scons (13, Snil))) in
  let App (l3, p) = app l1 l2 in
  let App (_, q) = app l1 l2 in
  let Eq = plus_func p q in
  Printf.printf "%d + %d = %d: %s\n" (to_int (length l1)) (to_int (length l2))
    (to_int (length l3)) (String.concat " " (List.map string_of_int (to_list l3)));
  Printf.printf "%d\n" (int_of Int 42)
