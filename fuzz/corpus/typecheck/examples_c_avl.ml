(* Immutable AVL tree map, plus a red-black tree set *)
type ('k, 'v) avl =
  | Leaf
  | Node of ('k, 'v) avl * 'k * 'v * ('k, 'v) avl * int

let height = function Leaf -> 0 | Node (_, _, _, _, h) -> h

let node l k v r = Node (l, k, v, r, 1 + max (height l) (height r))

let balance l k v r =
  let hl = height l and hr = height r in
  if hl > hr + 1 then
    match l with
    | Node (ll, lk, lv, lr, _) when height ll >= height lr -> node ll lk lv (node lr k v r)
    | Node (ll, lk, lv, Node (lrl, lrk, lrv, lrr, _), _) ->
      node (node ll lk lv lrl) lrk lrv (node lrr k v r)
    | _ -> assert false
  else if hr > hl + 1 then
    match r with
    | Node (rl, rk, rv, rr, _) when height rr >= height rl -> node (node l k v rl) rk rv rr
    | Node (Node (rll, rlk, rlv, rlr, _), rk, rv, rr, _) ->
      node (node l k v rll) rlk rlv (node rlr rk rv rr)
    | _ -> assert false
  else node l k v r

let rec add cmp key value = function
  | Leaf -> node Leaf key value Leaf
  | Node (l, k, v, r, _) as t ->
    let c = cmp key k in
    if c = 0 then (if v == value then t else node l key value r)
    else if c < 0 then balance (add cmp key value l) k v r
    else balance l k v (add cmp key value r)

let rec find cmp key = function
  | Leaf -> raise Not_found
  | Node (l, k, v, r, _) ->
    let c = cmp key k in
    if c = 0 then v else find cmp key (if c < 0 then l else r)

let rec min_binding = function
  | Leaf -> raise Not_found
  | Node (Leaf, k, v, _, _) -> (k, v)
  | Node (l, _, _, _, _) -> min_binding l

let rec remove_min = function
  | Leaf -> invalid_arg "remove_min"
  | Node (Leaf, _, _, r, _) -> r
  | Node (l, k, v, r, _) -> balance (remove_min l) k v r

let rec remove cmp key = function
  | Leaf -> Leaf
  | Node (l, k, v, r, _) ->
    let c = cmp key k in
    if c = 0 then
      match l, r with
      | Leaf, t | t, Leaf -> t
      | _ -> let (k', v') = min_binding r in balance l k' v' (remove_min r)
    else if c < 0 then balance (remove cmp key l) k v r
    else balance l k v (remove cmp key r)

let rec fold f t acc =
  match t with
  | Leaf -> acc
  | Node (l, k, v, r, _) -> fold f l (f k v (fold f r acc))

let to_list t = fold (fun k v acc -> (k, v) :: acc) t []

let rec check_balanced = function
  | Leaf -> true
  | Node (l, _, _, r, h) ->
    abs (height l - height r) <= 1 && h = 1 + max (height l) (height r)
    && check_balanced l && check_balanced r

(* red-black set, Okasaki style *)
type color = R | B
type 'a rb = E | T of color * 'a rb * 'a * 'a rb

let rb_balance = function
  | B, T (R, T (R, a, x, b), y, c), z, d
  | B, T (R, a, x, T (R, b, y, c)), z, d
  | B, a, x, T (R, T (R, b, y, c), z, d)
  | B, a, x, T (R, b, y, T (R, c, z, d)) -> T (R, T (B, a, x, b), y, T (B, c, z, d))
  | c, a, x, b -> T (c, a, x, b)

let rb_insert x s =
  let rec ins = function
    | E -> T (R, E, x, E)
    | T (c, a, y, b) as t ->
      if x < y then rb_balance (c, ins a, y, b)
      else if x > y then rb_balance (c, a, y, ins b)
      else t
  in
  match ins s with T (_, a, y, b) -> T (B, a, y, b) | E -> assert false

let rec rb_mem x = function
  | E -> false
  | T (_, a, y, b) -> if x = y then true else if x < y then rb_mem x a else rb_mem x b

let rec black_height = function
  | E -> Some 1
  | T (c, a, _, b) ->
    (match black_height a, black_height b with
     | Some x, Some y when x = y -> Some (if c = B then x + 1 else x)
     | _ -> None)

let rec rb_elements = function E -> [] | T (_, a, x, b) -> rb_elements a @ (x :: rb_elements b)

let () =
  let words = [ "pear"; "apple"; "fig"; "kiwi"; "banana"; "cherry"; "date"; "grape"; "lemon";
                "mango"; "apple"; "fig"; "orange"; "plum"; "quince" ] in
  let m = List.fold_left (fun m w -> add compare w (String.length w) m) Leaf words in
  List.iter (fun (k, v) -> Printf.printf "%s:%d " k v) (to_list m);
  print_newline ();
  Printf.printf "height=%d balanced=%b size=%d\n" (height m) (check_balanced m) (List.length (to_list m));
  Printf.printf "find kiwi = %d\n" (find compare "kiwi" m);
  (try ignore (find compare "zucchini" m) with Not_found -> print_endline "zucchini: not found");
  let m2 = List.fold_left (fun m w -> remove compare w m) m [ "apple"; "mango"; "nothing"; "pear" ] in
  Printf.printf "after removals: %s (balanced=%b)\n"
    (String.concat "," (List.map fst (to_list m2))) (check_balanced m2);
  let big = ref Leaf in
  for i = 1 to 10000 do big := add compare ((i * 7919) mod 10007) i !big done;
  Printf.printf "big: height=%d balanced=%b min=%d\n" (height !big) (check_balanced !big) (fst (min_binding !big));
  let s = List.fold_left (fun s x -> rb_insert x s) E (List.init 100 (fun i -> (i * 37) mod 101)) in
  Printf.printf "rb: %d elements, black height %s, mem 37=%b mem 100=%b\n"
    (List.length (rb_elements s))
    (match black_height s with Some h -> string_of_int h | None -> "INVALID")
    (rb_mem 37 s) (rb_mem 100 s);
  let desc = List.fold_left (fun m (k, v) -> add (fun a b -> compare b a) k v m) Leaf [ (1, "one"); (3, "three"); (2, "two") ] in
  print_endline (String.concat " " (List.map snd (to_list desc)))
