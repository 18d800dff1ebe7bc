type t = Leaf | Node of t * int * t
let rec size = function Leaf -> 0 | Node (l, _, r) -> size l + 1 + size r
module Rose = struct
  type t = Leaf of int | Node of t list
  let rec total = function Leaf n -> n | Node ts -> List.fold_left (fun a t -> a + total t) 0 ts
  exception Empty
end
module Other = struct
  type t = { v : int }
  let make v = { v }
end
exception Empty
let () =
  Printf.printf "%d\n" (size (Node (Leaf, 1, Node (Leaf, 2, Leaf))));
  Printf.printf "%d\n" (Rose.total (Rose.Node [Rose.Leaf 3; Rose.Node [Rose.Leaf 4]]));
  let x : t = Leaf in
  let y : Rose.t = Rose.Leaf 1 in
  let z : Other.t = Other.make 5 in
  ignore (x, y);
  Printf.printf "%d\n" z.v;
  (try raise Rose.Empty with Rose.Empty -> print_endline "rose empty");
  (try raise Empty with Empty -> print_endline "empty");
  raise Rose.Empty
