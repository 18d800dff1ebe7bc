(* A binary search tree of ints, with insertion, membership and an in-order fold. *)
type 'a tree =
  | Leaf
  | Node of 'a tree * 'a * 'a tree

let rec insert x = function
  | Leaf -> Node (Leaf, x, Leaf)
  | Node (l, y, r) as t ->
    if x < y then Node (insert x l, y, r)
    else if x > y then Node (l, y, insert x r)
    else t

let rec mem x t =
  match t with
  | Leaf -> false
  | Node (l, y, r) -> x = y || (if x < y then mem x l else mem x r)

let rec fold f acc = function
  | Leaf -> acc
  | Node (l, x, r) -> fold f (f (fold f acc l) x) r

let rec height = function
  | Leaf -> 0
  | Node (l, _, r) -> 1 + max (height l) (height r)

let of_list l = List.fold_left (fun t x -> insert x t) Leaf l

let () =
  let t = of_list [5; 3; 8; 1; 4; 7; 9; 2; 6] in
  let sorted = List.rev (fold (fun acc x -> x :: acc) [] t) in
  List.iter (fun x -> print_int x; print_char ' ') sorted;
  print_newline ();
  Printf.printf "height=%d mem 4=%b mem 10=%b\n" (height t) (mem 4 t) (mem 10 t)
