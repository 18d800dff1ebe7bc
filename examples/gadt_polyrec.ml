(* Polymorphic recursion over nested GADTs: each level doubles the element type. *)
type _ perfect =
  | Zero : 'a -> 'a perfect
  | Succ : ('a * 'a) perfect -> 'a perfect

let rec size : type a. a perfect -> int = function
  | Zero _ -> 1
  | Succ p -> 2 * size p

let rec to_list : type a b. (a -> b list) -> a perfect -> b list = fun f p ->
  match p with
  | Zero x -> f x
  | Succ p' -> to_list (fun (x, y) -> f x @ f y) p'

let rec build : type a. int -> a -> (a -> a) -> a perfect = fun n x next ->
  if n = 0 then Zero x else Succ (build (n - 1) (x, next x) (fun (a, b) -> (next b, next (next b))))

(* A typed heterogeneous list with its length in the index. *)
type z = Z
type 'n s = S of 'n
type (_, _) vec = Nil : ('a, z) vec | Cons : 'a * ('a, 'n) vec -> ('a, 'n s) vec

let rec vmap : type n. ('a -> 'b) -> ('a, n) vec -> ('b, n) vec = fun f v ->
  match v with Nil -> Nil | Cons (x, r) -> Cons (f x, vmap f r)

let rec vzip : type n. ('a, n) vec -> ('b, n) vec -> ('a * 'b, n) vec = fun a b ->
  match a, b with
  | Nil, Nil -> Nil
  | Cons (x, r), Cons (y, s) -> Cons ((x, y), vzip r s)

let vhead : type n. ('a, n s) vec -> 'a = function Cons (x, _) -> x

let rec vto_list : type n. ('a, n) vec -> 'a list = function
  | Nil -> []
  | Cons (x, r) -> x :: vto_list r

(* The same function at a hot loop's different instances. *)
let rec depth : type a. a perfect -> int = function Zero _ -> 0 | Succ p -> 1 + depth p

let () =
  let p = build 4 1 (fun x -> x + 1) in
  Printf.printf "size %d depth %d\n" (size p) (depth p);
  print_endline (String.concat " " (List.map string_of_int (to_list (fun x -> [x]) p)));
  let q = build 3 "a" (fun s -> s ^ "'") in
  print_endline (String.concat "," (to_list (fun s -> [s]) q));
  let v = Cons (1, Cons (2, Cons (3, Nil))) in
  let w = vmap (fun x -> string_of_int (x * 10)) v in
  List.iter (fun (a, b) -> Printf.printf "%d=%s " a b) (vto_list (vzip v w));
  print_newline ();
  Printf.printf "head %d\n" (vhead v);
  let total = ref 0 in
  for i = 0 to 2000 do
    total := !total + size (build (i mod 8) i (fun x -> x))
  done;
  Printf.printf "total %d\n" !total
