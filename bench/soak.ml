(* Soak program for bench/soak.sh: builds and drops structures of varied shapes (lists, trees,
   strings, closures, exceptions) for ROUNDS rounds (argv.(1)), keeping a small, bounded live
   set: the ring of the last 64 results. Prints a checksum. *)
type tree = Leaf | Node of tree * int * tree

let rec make d = if d = 0 then Leaf else Node (make (d - 1), d, make (d - 1))
let rec sum = function Leaf -> 0 | Node (l, x, r) -> sum l + x + sum r

exception Found of int list

let round i =
  let l = List.init 2000 (fun k -> (k * i) land 1023) in
  let sorted = List.sort compare l in
  let t = make 10 in
  let s = String.concat "," (List.map string_of_int (List.filteri (fun k _ -> k < 50) sorted)) in
  let f = List.fold_left (fun acc x -> fun y -> acc y + x) (fun y -> y) (List.filteri (fun k _ -> k < 100) l) in
  let e = try if i mod 3 = 0 then raise (Found l) else 0 with Found l -> List.length l in
  sum t + String.length s + f 1 + e

let () =
  let rounds = if Array.length Sys.argv > 1 then int_of_string Sys.argv.(1) else 1000 in
  let ring = ref [] in
  let total = ref 0 in
  for i = 1 to rounds do
    let r = round i in
    total := (!total + r) land 0xFFFFFF;
    ring := r :: (if List.length !ring >= 64 then List.rev (List.tl (List.rev !ring)) else !ring)
  done;
  Printf.printf "%d %d\n" !total (List.length !ring)
