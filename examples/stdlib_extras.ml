(* Standard-library functions beyond LANGUAGE.md's list that user programs often reach for:
   more of List, String and Option. *)
let show_opt f = function None -> "None" | Some x -> "Some " ^ f x
let () =
  let l = [5; 3; 8; 3; 1; 8] in
  print_endline (String.concat "," (List.map string_of_int (List.sort_uniq compare l)));
  print_endline (String.concat "," (List.map string_of_int (List.sort_uniq (fun a b -> compare (a mod 3) (b mod 3)) l)));
  Printf.printf "%s %s\n" (show_opt string_of_int (List.nth_opt l 2)) (show_opt string_of_int (List.nth_opt l 9));
  Printf.printf "%b %b\n" (List.exists2 (fun a b -> a = b) [1; 2] [3; 2]) (List.for_all2 (fun a b -> a < b) [1; 2] [2; 3]);
  (try ignore (List.exists2 (=) [1] []) with Invalid_argument m -> print_endline m);
  (try ignore (List.nth_opt [] (-1)) with Invalid_argument m -> print_endline m);
  List.iter print_int (List.concat_map (fun x -> [x; x * 10]) [1; 2]); print_newline ();
  print_endline (show_opt string_of_int (List.find_map (fun x -> if x > 4 then Some (x * 2) else None) l));
  List.iter print_int (List.filteri (fun i _ -> i mod 2 = 0) l); print_newline ();
  let (acc, l2) = List.fold_left_map (fun acc x -> (acc + x, acc)) 0 [1; 2; 3] in
  Printf.printf "%d %s\n" acc (String.concat "," (List.map string_of_int l2));
  let k = "key" in
  Printf.printf "%d %b\n" (List.assq k [ (k, 1) ]) (List.mem_assq "zz" [ (k, 1) ]);
  Printf.printf "%d %d %d\n" (List.compare_length_with [1;2] 1) (List.compare_length_with [] 0) (List.compare_lengths [1] [1;2]);
  Printf.printf "%b %d\n" (List.equal (=) [1;2] [1;2]) (List.compare compare [1;2] [1;3]);
  Printf.printf "%s %s %d %b %b\n" (show_opt string_of_int (Option.map succ (Some 1))) (show_opt string_of_int (Option.bind (Some 2) (fun x -> if x > 5 then Some x else None)))
    (Option.get (Option.join (Some (Some 7)))) (Option.is_none None) (Option.is_some (Option.some 1));
  Option.iter print_int (Some 42); print_newline ();
  Printf.printf "%b %d %d\n" (Option.equal (=) (Some 1) (Some 1)) (Option.compare compare None (Some 1)) (List.length (Option.to_list (Some 1)));
  (try ignore (Option.get None) with Invalid_argument m -> print_endline m);
  let s = "Hello, World" in
  Printf.printf "%s %s\n" (show_opt string_of_int (String.index_opt s 'o')) (show_opt string_of_int (String.rindex_opt s 'z'));
  Printf.printf "%d %b %b %b\n" (String.index_from s 5 'o') (String.contains_from s 9 'W') (String.exists (fun c -> c = ',') s) (String.for_all (fun c -> c <> 'q') s);
  Printf.printf "%d %s\n" (String.fold_left (fun n c -> if c = 'l' then n + 1 else n) 0 s) (String.fold_right (fun c acc -> acc ^ String.make 1 c) "abc" "");
  Printf.printf "%s %s %s\n" (String.capitalize_ascii "hello") (String.uncapitalize_ascii "WORLD") (String.capitalize_ascii "");
  (try ignore (String.index_from s 50 'o') with Invalid_argument m -> print_endline m)

let () =
  List.iter (Printf.printf "%d ") (List.rev_map2 (fun a b -> a * b) [1;2;3] [4;5;6]); print_newline ();
  (try ignore (List.rev_map2 (+) [1] []) with Invalid_argument s -> print_endline s);
  print_endline (String.of_bytes (String.to_bytes "xy") ^ String.empty ^ "!")
