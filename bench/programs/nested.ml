(* Polymorphic recursion on the hot path: a nested (non-regular) datatype whose sum, map and
   fold call themselves at a bigger type at every level, so egret keeps them as uniform code
   (one copy for all types), as ocamlopt compiles every function. *)

type 'a nested = Nil | Cons of 'a * ('a * 'a) nested

let rec build : 'a. int -> (int -> 'a) -> int -> 'a nested =
 fun n mk i -> if n = 0 then Nil else Cons (mk i, build (n - 1) (fun i -> (mk i, mk (i + 1))) (i + 1))

let rec sum : 'a. ('a -> int) -> 'a nested -> int =
 fun f n ->
  match n with
  | Nil -> 0
  | Cons (x, rest) -> f x + sum (fun (a, b) -> f a + f b) rest

let rec map : 'a 'b. ('a -> 'b) -> 'a nested -> 'b nested =
 fun f -> function
  | Nil -> Nil
  | Cons (x, rest) -> Cons (f x, map (fun (a, b) -> (f a, f b)) rest)

let rec length : 'a. 'a nested -> int = function
  | Nil -> 0
  | Cons (_, rest) -> 1 + 2 * length rest

let rec mem : 'a. 'a -> 'a nested -> bool =
 fun x n ->
  match n with
  | Nil -> false
  | Cons (y, rest) -> x = y || mem (x, x) rest

let () =
  let t = build 18 (fun i -> i) 0 in
  let total = ref 0 in
  for round = 1 to 20 do
    let t' = map (fun x -> x + round) t in
    total := !total + sum (fun x -> x) t' + length t';
    if mem round t' then incr total
  done;
  Printf.printf "%d %d\n" (length t) !total
