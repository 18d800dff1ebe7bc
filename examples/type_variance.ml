(* Variance and injectivity annotations and anonymous type parameters. *)
type +'a producer = unit -> 'a
type -'a consumer = 'a -> unit
type (+'a, -'b) fn = 'b -> 'a
type 'a box = Box of 'a
type +'a tree = Leaf | Node of 'a tree * 'a * 'a tree
type !'a id = Id of 'a
type +!'a inj = 'a list
type _ anything = Anything
type (_, +'b) second = Second of 'b
type +'a abstract_cov
type -'a abstract_contra
type 'a mut = { mutable contents_ : 'a }

let rec insert x = function
  | Leaf -> Node (Leaf, x, Leaf)
  | Node (l, y, r) as t ->
    if x < y then Node (insert x l, y, r) else if x > y then Node (l, y, insert x r) else t

let rec to_list = function Leaf -> [] | Node (l, x, r) -> to_list l @ [x] @ to_list r

(* A covariant parameter of an expansive expression is generalised (relaxed value
   restriction): `empty` is polymorphic. *)
let empty : 'a tree = (fun () -> Leaf) ()
let ints = insert 3 (insert 1 (insert 2 empty))
let strings = insert "b" (insert "a" empty)

let () =
  List.iter (Printf.printf "%d ") (to_list ints);
  List.iter (Printf.printf "%s ") (to_list strings);
  print_newline ();
  let p : int producer = fun () -> 42 in
  let c : int consumer = fun n -> Printf.printf "consumed %d\n" n in
  c (p ());
  let f : (int, string) fn = String.length in
  Printf.printf "%d\n" (f "four");
  let Box b = Box 1 and Id i = Id 2 and (Second s : (string, int) second) = Second 3 in
  Printf.printf "%d %d %d %d\n" b i s (List.length ([1; 2] : int inj));
  let (_ : int anything), (_ : string anything) = Anything, Anything in
  let m = { contents_ = 5 } in
  m.contents_ <- 6;
  Printf.printf "%d\n" m.contents_
