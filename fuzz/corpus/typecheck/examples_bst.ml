(* A binary search tree of ints: insertion, membership, in-order traversal, height. *)
type tree = Leaf | Node of tree * int * tree

let rec insert x t =
  match t with
  | Leaf -> Node (Leaf, x, Leaf)
  | Node (l, v, r) ->
    if x < v then Node (insert x l, v, r)
    else if x > v then Node (l, v, insert x r)
    else t

let rec mem x = function
  | Leaf -> false
  | Node (l, v, r) -> x = v || (if x < v then mem x l else mem x r)

let rec to_list = function
  | Leaf -> []
  | Node (l, v, r) -> to_list l @ (v :: to_list r)

let rec height = function
  | Leaf -> 0
  | Node (l, _, r) -> 1 + max (height l) (height r)

let () =
  let keys = [50; 30; 70; 20; 40; 60; 80; 35; 45; 65] in
  let t = List.fold_left (fun t k -> insert k t) Leaf keys in
  List.iter (fun x -> print_int x; print_char ' ') (to_list t);
  print_newline ();
  Printf.printf "height=%d mem 45=%b mem 99=%b\n" (height t) (mem 45 t) (mem 99 t);
  let big = ref Leaf in
  for i = 0 to 999 do big := insert ((i * 7919) mod 1000) !big done;
  Printf.printf "size=%d height=%d\n" (List.length (to_list !big)) (height !big)
