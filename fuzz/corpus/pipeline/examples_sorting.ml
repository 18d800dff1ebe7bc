(* List sorting: insertion sort, merge sort, quicksort, and the library's stable sort. *)
let rec insert x = function
  | [] -> [x]
  | y :: ys as l -> if x <= y then x :: l else y :: insert x ys

let insertion_sort l = List.fold_right insert l []

let rec split = function
  | [] -> ([], [])
  | [x] -> ([x], [])
  | x :: y :: rest -> let (a, b) = split rest in (x :: a, y :: b)

let rec merge l1 l2 =
  match l1, l2 with
  | [], l | l, [] -> l
  | x :: xs, y :: ys -> if x <= y then x :: merge xs l2 else y :: merge l1 ys

let rec merge_sort = function
  | ([] | [_]) as l -> l
  | l -> let (a, b) = split l in merge (merge_sort a) (merge_sort b)

let rec quicksort = function
  | [] -> []
  | pivot :: rest ->
    let smaller, larger = List.partition (fun x -> x < pivot) rest in
    quicksort smaller @ (pivot :: quicksort larger)

let print_list l = print_string (String.concat " " (List.map string_of_int l)); print_newline ()

let () =
  let data = [38; 27; 43; 3; 9; 82; 10; 3; -5; 0; 100; 27] in
  print_list (insertion_sort data);
  print_list (merge_sort data);
  print_list (quicksort data);
  print_list (List.sort compare data);
  print_list (List.sort (fun a b -> compare b a) data);
  let pairs = [(3, "c"); (1, "a"); (2, "b"); (1, "z"); (3, "a")] in
  List.iter (fun (n, s) -> Printf.printf "(%d,%s) " n s) (List.stable_sort (fun (a, _) (b, _) -> compare a b) pairs);
  print_newline ();
  let words = ["pear"; "apple"; "fig"; "banana"; "kiwi"] in
  print_endline (String.concat "," (List.sort compare words));
  let big = List.init 10000 (fun i -> (i * 7919) mod 10007) in
  let sorted = List.sort compare big in
  Printf.printf "%d %d %d\n" (List.hd sorted) (List.nth sorted 5000) (List.length sorted)
