(* Merge sort and quicksort on lists with custom comparators; checked against List.sort *)
let rec split = function
  | [] -> ([], [])
  | [ x ] -> ([ x ], [])
  | x :: y :: rest -> let (a, b) = split rest in (x :: a, y :: b)

let rec merge cmp l1 l2 =
  match l1, l2 with
  | [], l | l, [] -> l
  | x :: xs, y :: ys -> if cmp x y <= 0 then x :: merge cmp xs l2 else y :: merge cmp l1 ys

let rec merge_sort cmp = function
  | ([] | [ _ ]) as l -> l
  | l -> let (a, b) = split l in merge cmp (merge_sort cmp a) (merge_sort cmp b)

let rec quicksort cmp = function
  | [] -> []
  | pivot :: rest ->
    let (lo, hi) = List.partition (fun x -> cmp x pivot < 0) rest in
    quicksort cmp lo @ (pivot :: quicksort cmp hi)

let insertion_sort cmp l =
  let rec insert x = function
    | [] -> [ x ]
    | y :: ys as l -> if cmp x y <= 0 then x :: l else y :: insert x ys
  in
  List.fold_right insert l []

(* pseudo-random numbers with a linear congruential generator (wrapping) *)
let seed = ref 42
let rand n =
  seed := (!seed * 1103515245 + 12345) land 0x3fffffff;
  !seed mod n

type person = { name : string; age : int; city : string }

let people = [
  { name = "Zoe"; age = 31; city = "Oslo" };
  { name = "Adam"; age = 25; city = "Rome" };
  { name = "Mia"; age = 31; city = "Lima" };
  { name = "Bob"; age = 25; city = "Oslo" };
  { name = "Eve"; age = 42; city = "Rome" };
  { name = "Ian"; age = 19; city = "Lima" };
  { name = "Ada"; age = 31; city = "Oslo" };
]

let by_age a b = compare a.age b.age
let by_city_then_name a b =
  match compare a.city b.city with 0 -> compare a.name b.name | c -> c
let descending cmp a b = cmp b a

let show_people l = String.concat " " (List.map (fun p -> Printf.sprintf "%s/%d/%s" p.name p.age p.city) l)

let is_sorted cmp l =
  let rec go = function a :: (b :: _ as r) -> cmp a b <= 0 && go r | _ -> true in
  go l

let () =
  let nums = List.init 2000 (fun _ -> rand 1000 - 500) in
  let reference = List.sort compare nums in
  Printf.printf "merge=%b quick=%b insertion=%b stable=%b\n"
    (merge_sort compare nums = reference)
    (quicksort compare nums = reference)
    (insertion_sort compare nums = reference)
    (List.stable_sort compare nums = reference);
  let rec take n = function x :: r when n > 0 -> x :: take (n - 1) r | _ -> [] in
  Printf.printf "first 10: %s\n" (String.concat " " (List.map string_of_int (take 10 reference)));
  Printf.printf "desc first 10: %s\n"
    (String.concat " " (List.map string_of_int (take 10 (merge_sort (descending compare) nums))));
  print_endline ("by age (stable):        " ^ show_people (List.stable_sort by_age people));
  print_endline ("by age (List.sort):     " ^ show_people (List.sort by_age people));
  print_endline ("by age (merge_sort):    " ^ show_people (merge_sort by_age people));
  print_endline ("by age desc (quick):    " ^ show_people (quicksort (descending by_age) people));
  print_endline ("by city, name:          " ^ show_people (List.sort by_city_then_name people));
  print_endline ("by name length:         " ^ show_people
                   (List.stable_sort (fun a b -> compare (String.length a.name) (String.length b.name)) people));
  print_endline ("structural compare:     " ^ show_people (List.sort compare people));
  let pairs = List.init 30 (fun i -> (rand 5, i)) in
  let sorted = List.stable_sort (fun (a, _) (b, _) -> compare a b) pairs in
  Printf.printf "stable on keys: %b\n"
    (is_sorted (fun (a, i) (b, j) -> if a = b then compare i j else compare a b) sorted);
  print_endline (String.concat " " (List.map (fun (k, i) -> Printf.sprintf "%d:%d" k i) sorted));
  let strs = [ "banana"; "Apple"; "cherry"; "apple"; "Banana"; ""; "b" ] in
  print_endline (String.concat "," (List.sort compare strs));
  print_endline (String.concat "," (List.sort (fun a b -> compare (String.length b) (String.length a)) strs));
  let lists = [ [ 3; 1 ]; []; [ 1; 2; 3 ]; [ 1; 2 ]; [ 2 ]; [ 1; 10 ] ] in
  print_endline (String.concat " | " (List.map (fun l -> String.concat ";" (List.map string_of_int l)) (List.sort compare lists)));
  let opts = [ Some 3; None; Some (-1); None; Some 0 ] in
  print_endline (String.concat " " (List.map (function None -> "None" | Some x -> "Some " ^ string_of_int x) (List.sort compare opts)));
  Printf.printf "min/max: %d %d %s %s\n" (min 3 (-3)) (max 3 (-3)) (min "abc" "abd") (max "z" "aaaa")
