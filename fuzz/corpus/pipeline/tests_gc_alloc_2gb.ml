(* Allocates well over 2 GB during its life with under 20 MB live: a long-lived list of
   200_000 pairs (about 10 MB) kept across 400 rounds that each build and drop a
   tree of 2^16 nodes and a list of 100_000 strings. *)
type tree = Leaf of int | Node of tree * int * tree

let rec build d n = if d = 0 then Leaf n else Node (build (d - 1) (2 * n), n, build (d - 1) (2 * n + 1))

let rec sum t = match t with Leaf n -> n | Node (l, n, r) -> sum l + n + sum r

let rec strings i acc = if i = 0 then acc else strings (i - 1) (string_of_int i :: acc)

let rec total_length l acc = match l with [] -> acc | s :: r -> total_length r (acc + String.length s)

let rec pairs i acc = if i = 0 then acc else pairs (i - 1) ((i, i * i) :: acc)

let rec check_pairs l acc = match l with [] -> acc | (a, b) :: r -> check_pairs r (acc + (b - a * a) + 1)

let () =
  let keep = pairs 200_000 [] in
  let acc = ref 0 in
  for round = 1 to 400 do
    acc := (!acc + sum (build 16 round) + total_length (strings 100_000 []) 0) mod 1_000_000_007
  done;
  print_int !acc;
  print_char ' ';
  print_int (check_pairs keep 0);
  print_newline ()
