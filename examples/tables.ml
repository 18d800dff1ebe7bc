let words = ["the"; "quick"; "brown"; "fox"; "jumps"; "over"; "the"; "lazy"; "dog"; "the"; "fox"]
let () =
  let h = Hashtbl.create 16 in
  List.iter (fun w ->
    match Hashtbl.find_opt h w with
    | Some n -> Hashtbl.replace h w (n + 1)
    | None -> Hashtbl.add h w 1) words;
  Hashtbl.iter (fun k v -> Printf.printf "%s=%d " k v) h; print_newline ();
  Printf.printf "len=%d the=%d\n" (Hashtbl.length h) (Hashtbl.find h "the");
  (try ignore (Hashtbl.find h "cat") with Not_found -> print_endline "no cat");
  let t : (int, string) Hashtbl.t = Hashtbl.create 1 in
  for i = 0 to 999 do Hashtbl.add t (i * 37 mod 1000) (string_of_int i) done;
  Hashtbl.add t 5 "five-again";
  Printf.printf "%d %s %d\n" (Hashtbl.length t) (Hashtbl.find t 5) (List.length (Hashtbl.find_all t 5));
  Hashtbl.remove t 5;
  Printf.printf "%s %b\n" (Hashtbl.find t 5) (Hashtbl.mem t 5);
  let sum = Hashtbl.fold (fun k _ acc -> acc + k) t 0 in
  Printf.printf "sum=%d\n" sum;
  let first = ref [] in
  Hashtbl.iter (fun k v -> if List.length !first < 10 then first := (k, v) :: !first) t;
  List.iter (fun (k, v) -> Printf.printf "%d:%s " k v) (List.rev !first); print_newline ();
  Hashtbl.filter_map_inplace (fun k v -> if k mod 2 = 0 then None else Some (v ^ "!")) t;
  Printf.printf "%d %s\n" (Hashtbl.length t) (Hashtbl.find t 1);
  let pairs = Hashtbl.create 8 in
  List.iter (fun (a, b) -> Hashtbl.replace pairs (a, b) (a * b)) [(1, 2); (3, 4); (1, 2); (5, 6)];
  Hashtbl.iter (fun (a, b) v -> Printf.printf "(%d,%d)->%d " a b v) pairs; print_newline ();
  let c = Hashtbl.copy pairs in
  Hashtbl.clear pairs;
  Printf.printf "%d %d\n" (Hashtbl.length pairs) (Hashtbl.length c);
  let g = Hashtbl.create 4 in
  for i = 1 to 20 do Hashtbl.add g i i done;
  (* adding during iteration: OCaml resizes out of place *)
  Hashtbl.iter (fun k _ -> if k = 3 then for j = 100 to 140 do Hashtbl.add g j j done) g;
  let l = Hashtbl.fold (fun k _ acc -> k :: acc) g [] in
  List.iter (Printf.printf "%d ") l; print_newline ();
  Hashtbl.reset g;
  Printf.printf "%d\n" (Hashtbl.length g);
  let sh = Hashtbl.create 10 in
  Hashtbl.add sh [1; 2] "list"; Hashtbl.add sh [] "nil"; Hashtbl.add sh [3] "three";
  Hashtbl.iter (fun _ v -> print_string (v ^ " ")) sh; print_newline ()
