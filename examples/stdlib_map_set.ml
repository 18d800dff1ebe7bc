module SM = Map.Make (String)
module IS = Set.Make (struct type t = int let compare = compare end)
let () =
  let m = List.fold_left (fun m (k, v) -> SM.add k v m) SM.empty ["b", 2; "a", 1; "c", 3] in
  SM.iter (fun k v -> Printf.printf "%s=%d\n" k v) m;
  Printf.printf "card %d, find b %d\n" (SM.cardinal m) (SM.find "b" m);
  let s = IS.of_list [5; 3; 9; 3; 1] in
  IS.iter (fun x -> Printf.printf "%d " x) s; print_newline ();
  print_endline (String.concat "," (List.map string_of_int (IS.elements (IS.union s (IS.of_list [2; 4])))));
  (match SM.find_opt "z" m with None -> print_endline "none" | Some _ -> ());
  let m2 = SM.map (fun v -> v * 10) m in
  print_int (SM.fold (fun _ v acc -> v + acc) m2 0); print_newline ()
