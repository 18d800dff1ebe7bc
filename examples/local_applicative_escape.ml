(* A local module applying an outer functor to an outer module: its types are OCaml's
   paths of outer modules (Set.Make(Int).t), so they may leave the `let module`. *)
let of_list l =
  let module S = Set.Make (Int) in
  List.fold_left (fun acc x -> S.add x acc) S.empty l

let union_with l extra =
  let module S = Set.Make (Int) in
  S.elements (S.union (of_list l) (S.of_list extra))

module Top = Set.Make (Int)

let () =
  List.iter (Printf.printf "%d ") (union_with [5; 3; 1] [100; 3]);
  print_newline ();
  Printf.printf "%d\n" (Top.cardinal (of_list [1; 2; 2; 3]));
  let module M = Map.Make (String) in
  let m = List.fold_left (fun m (k, v) -> M.add k v m) M.empty ["b", 2; "a", 1] in
  M.iter (Printf.printf "%s=%d\n") m
