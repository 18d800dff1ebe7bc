(* Allocation of every kind of block under a small live set: trees, lists, strings, closures,
   records with mutable fields, arrays. Small enough for GC stress mode. *)
type 'a tree = Leaf | Node of 'a tree * 'a * 'a tree

type counter = { name : string; mutable count : int; mutable history : int list }

let rec insert x t =
  match t with
  | Leaf -> Node (Leaf, x, Leaf)
  | Node (l, y, r) -> if x < y then Node (insert x l, y, r) else if x > y then Node (l, y, insert x r) else t

let rec to_list t acc = match t with Leaf -> acc | Node (l, x, r) -> to_list l (x :: to_list r acc)

let rec size t = match t with Leaf -> 0 | Node (l, _, r) -> size l + 1 + size r

let seed = ref 12345

let random n =
  seed := (!seed * 1103515245 + 12345) land 0x3fffffff;
  !seed mod n

let rec build_tree n t = if n = 0 then t else build_tree (n - 1) (insert (random 1000) t)

let make_adders n = List.init n (fun i -> fun x -> x + i)

let rec join sep l = match l with [] -> "" | [ s ] -> s | s :: r -> s ^ sep ^ join sep r

let () =
  let keep = build_tree 300 Leaf in
  let c = { name = "rounds"; count = 0; history = [] } in
  for round = 1 to 30 do
    let t = build_tree 200 Leaf in
    let l = to_list t [] in
    let sorted = List.sort compare (List.map (fun x -> (x * 7) mod 101) l) in
    let adders = make_adders 20 in
    let rec apply_all fs acc = match fs with [] -> acc | f :: r -> apply_all r (f acc) in
    let total = apply_all adders 0 in
    let rec strings l = match l with [] -> [] | x :: r -> string_of_int x :: strings r in
    let words = strings (List.filter (fun x -> x mod 10 = 0) sorted) in
    let s = join "," words in
    c.count <- c.count + 1;
    c.history <- (size t + total + String.length s) :: c.history;
    let a = Array.make 50 (round, s) in
    Array.set a 3 (round * 2, "x");
    if round mod 10 = 0 then begin
      print_string (string_of_int round ^ ": " ^ string_of_int (size t) ^ " " ^ string_of_int total ^ " " ^ s);
      print_newline ();
      print_int ((match Array.get a 3 with (n, _) -> n) + Array.length a);
      print_newline ()
    end
  done;
  print_string c.name;
  print_string " ";
  print_int c.count;
  print_string " ";
  print_int (List.fold_left ( + ) 0 c.history);
  print_newline ();
  print_int (size keep);
  print_string " ";
  print_int (List.length (to_list keep []));
  print_newline ();
  let rec show l = match l with [] -> "" | [ x ] -> string_of_int x | x :: r -> string_of_int x ^ "-" ^ show r in
  print_endline (show (to_list (build_tree 10 Leaf) []))
