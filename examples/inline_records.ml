type 'a t = Leaf | Node of { l : 'a t; v : 'a; r : 'a t; mutable h : int }
type cell = Nil | Cons of { mutable content : int; mutable next : cell }
let rec insert x = function
  | Leaf -> Node { l = Leaf; v = x; r = Leaf; h = 1 }
  | Node { l; v; r; h } as n ->
    if x < v then Node { l = insert x l; v; r; h = h + 1 }
    else if x > v then Node { l; v; r = insert x r; h }
    else n
let rec to_list = function Leaf -> [] | Node { l; v; r; _ } -> to_list l @ [v] @ to_list r
let bump = function Node r -> r.h <- r.h + 10; r.h | Leaf -> 0
let copy = function Node r -> Node { r with v = r.v * 2 } | Leaf -> Leaf
let same = function Node r -> Node r | Leaf -> Leaf
let () =
  let t = List.fold_left (fun t x -> insert x t) Leaf [5; 3; 8; 1; 4; 7; 9] in
  List.iter (fun x -> Printf.printf "%d " x) (to_list t); print_newline ();
  Printf.printf "%d\n" (bump t);
  (match copy t with Node { v; h; _ } -> Printf.printf "%d %d\n" v h | Leaf -> ());
  (match same t with Node r -> Printf.printf "%d\n" r.v | Leaf -> ());
  let c = Cons { content = 1; next = Cons { content = 2; next = Nil } } in
  (match c with Cons ({ next = Cons n2; _ } as c1) -> c1.content <- 10; n2.content <- 20 | _ -> ());
  let rec pr = function Nil -> print_newline () | Cons { content; next } -> print_int content; print_char ' '; pr next in
  pr c;
  Printf.printf "%b %d\n" (c = Cons { content = 10; next = Cons { content = 20; next = Nil } }) (Hashtbl.hash c)

(* A queue of cells as OCaml's own queue.ml builds it, with a polymorphic field type. *)
type 'a qcell = QNil | QCell of { content : 'a; mutable next : 'a qcell }
type 'a queue = { mutable length : int; mutable first : 'a qcell; mutable last : 'a qcell }

let push x q =
  let cell = QCell { content = x; next = QNil } in
  match q.last with
  | QNil -> q.length <- 1; q.first <- cell; q.last <- cell
  | QCell last -> q.length <- q.length + 1; last.next <- cell; q.last <- cell

let rec drain = function
  | QNil -> []
  | QCell { content; next } -> content :: drain next

let () =
  let q = { length = 0; first = QNil; last = QNil } in
  List.iter (fun s -> push s q) ["a"; "b"; "c"];
  Printf.printf "%d %s\n" q.length (String.concat "," (drain q.first));
  (* Nested inline-record patterns, or-patterns and guards. *)
  let describe = function
    | QCell { content = ("a" | "b") as c; next = QCell { content = d; _ } } -> c ^ "->" ^ d
    | QCell { content; next = QNil } when content <> "" -> content ^ ".end"
    | QCell _ | QNil -> "?"
  in
  print_endline (describe q.first);
  print_endline (describe q.last)
