(* Polymorphic recursion: functions over nested (non-regular) datatypes, which call
   themselves at a bigger type at every level. No finite set of specialisations covers
   them: the compiler keeps one uniform copy. *)

type 'a nested = Nil | Cons of 'a * ('a * 'a) nested

let rec length : 'a. 'a nested -> int = function
  | Nil -> 0
  | Cons (_, rest) -> 1 + 2 * length rest

let rec sum : 'a. ('a -> int) -> 'a nested -> int =
 fun f n ->
  match n with
  | Nil -> 0
  | Cons (x, rest) -> f x + sum (fun (a, b) -> f a + f b) rest

let rec build : 'a. int -> 'a -> 'a nested =
 fun n x -> if n = 0 then Nil else Cons (x, build (n - 1) (x, x))

let rec map : 'a 'b. ('a -> 'b) -> 'a nested -> 'b nested =
 fun f -> function
  | Nil -> Nil
  | Cons (x, rest) -> Cons (f x, map (fun (a, b) -> (f a, f b)) rest)

let rec to_list : 'a 'b. ('a -> 'b list -> 'b list) -> 'a nested -> 'b list list =
 fun flat n ->
  match n with
  | Nil -> []
  | Cons (x, rest) ->
      flat x [] :: to_list (fun (a, b) acc -> flat a (flat b acc)) rest

(* A perfectly balanced tree by construction (Okasaki): at depth d the leaves are 2^d-tuples. *)
type 'a perfect = Zero of 'a | Succ of ('a * 'a) perfect

let rec depth : 'a. 'a perfect -> int = function
  | Zero _ -> 0
  | Succ t -> 1 + depth t

let rec leaves : 'a 'b. ('a -> 'b list -> 'b list) -> 'a perfect -> 'b list =
 fun flat t ->
  match t with
  | Zero x -> flat x []
  | Succ t -> leaves (fun (a, b) acc -> flat a (flat b acc)) t

let rec make : 'a. int -> 'a -> 'a perfect =
 fun d x -> if d = 0 then Zero x else Succ (make (d - 1) (x, x))

(* De Bruijn terms with the binder depth in the type (Bird and Paterson). *)
type 'a term = Var of 'a | App of 'a term * 'a term | Lam of 'a option term

let rec size : 'a. 'a term -> int = function
  | Var _ -> 1
  | App (f, x) -> size f + size x
  | Lam body -> 1 + size body

let rec show : 'a. ('a -> string) -> 'a term -> string =
 fun name t ->
  match t with
  | Var x -> name x
  | App (f, x) -> "(" ^ show name f ^ " " ^ show name x ^ ")"
  | Lam body ->
      let name' = function None -> "#" | Some x -> "^" ^ name x in
      "\\." ^ show name' body

(* Mutual polymorphic recursion. *)
let rec even_len : 'a. 'a nested -> bool = function
  | Nil -> true
  | Cons (_, rest) -> odd_len rest

and odd_len : 'a. 'a nested -> bool = function
  | Nil -> false
  | Cons (_, rest) -> even_len rest

let () =
  let t = Cons (1, Cons ((2, 3), Cons (((4, 5), (6, 7)), Nil))) in
  Printf.printf "length %d sum %d\n" (length t) (sum (fun x -> x) t);
  let b = build 12 2.5 in
  Printf.printf "length %d sum %d\n" (length b) (sum int_of_float b);
  let m = map (fun x -> x *. 2.) (build 5 0.75) in
  Printf.printf "map: %d %d\n" (length m) (sum (fun x -> int_of_float (x *. 100.)) m);
  List.iter
    (fun l -> print_endline (String.concat "," (List.map string_of_int l)))
    (to_list (fun x acc -> x :: acc) t);
  let s = map string_of_int t in
  List.iter (fun l -> print_endline (String.concat "" l)) (to_list (fun x acc -> x :: acc) s);
  Printf.printf "even %b %b odd %b\n" (even_len t) (even_len (build 4 'x')) (odd_len t);
  let p = make 4 3.25 in
  Printf.printf "depth %d leaves %d sum %g\n" (depth p)
    (List.length (leaves (fun x acc -> x :: acc) p))
    (List.fold_left ( +. ) 0. (leaves (fun x acc -> x :: acc) p));
  let k = Lam (Lam (App (Var (Some None), Var None))) in
  let open_term = App (Var "f", Lam (App (Var (Some "f"), Var None))) in
  Printf.printf "%d %s %s\n" (size k) (show (fun (s : string) -> s) open_term)
    (show (fun (_ : int) -> "?") k);
  print_endline (show (fun () -> "unit") (Lam (App (Var None, Var (Some ())))))
