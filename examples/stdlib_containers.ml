(* Hashtbl, Map, Set and Queue: OCaml's own hashtbl.ml, map.ml, set.ml, queue.ml. *)
module Ht = struct
let () =
  let h = Hashtbl.create 16 in
  for i = 1 to 40 do Hashtbl.add h (string_of_int i) i done;
  Hashtbl.replace h "3" 33;
  Hashtbl.remove h "4";
  Hashtbl.iter (fun k v -> Printf.printf "%s=%d " k v) h; print_newline ();
  Printf.printf "%d %b %d\n" (Hashtbl.length h) (Hashtbl.mem h "4") (Hashtbl.find h "3");
  let s = Hashtbl.stats h in
  Printf.printf "%d %d %d\n" s.Hashtbl.num_bindings s.Hashtbl.num_buckets s.Hashtbl.max_bucket_length;
  let module H = Hashtbl.Make (struct type t = int let equal = (=) let hash = Hashtbl.hash end) in
  let t = H.create 3 in
  List.iter (fun x -> H.replace t x (x * x)) [5; 1; 9; 12; 5];
  H.iter (fun k v -> Printf.printf "%d:%d " k v) t; print_newline ();
  print_int (Hashtbl.hash "abc"); print_newline ();
  let l = List.of_seq (Hashtbl.to_seq_keys h) in
  print_int (List.length l); print_newline ();
  print_int (Hashtbl.fold (fun _ v acc -> v + acc) h 0); print_newline ();
  Hashtbl.filter_map_inplace (fun _ v -> if v mod 2 = 0 then Some (v / 2) else None) h;
  print_int (Hashtbl.length h); print_newline ();
end
 module SM = Map.Make (String)
 module IS = Set.Make (struct type t = int let compare = compare end)
 let () =
   let m = List.fold_left (fun m (k, v) -> SM.add k v m) SM.empty ["b", 2; "a", 1; "c", 3; "a", 10] in
   SM.iter (fun k v -> Printf.printf "%s=%d " k v) m; print_newline ();
   Printf.printf "%d %b\n" (SM.cardinal m) (SM.mem "z" m);
   let m2 = SM.map (fun v -> v * 2) m in
   print_int (SM.find "c" m2); print_newline ();
   (match SM.find_first_opt (fun k -> k >= "b") m with Some (k, v) -> Printf.printf "%s %d\n" k v | None -> ());
   let m3 = SM.union (fun _ a b -> Some (a + b)) m m2 in
   SM.iter (fun k v -> Printf.printf "%s=%d " k v) m3; print_newline ();
   let s = IS.of_list [5; 3; 9; 1; 3] in
   IS.iter (fun x -> Printf.printf "%d " x) s; print_newline ();
   let a, present, b = IS.split 4 s in
   Printf.printf "%d %b %d\n" (IS.cardinal a) present (IS.cardinal b);
   print_int (IS.min_elt s + IS.max_elt s); print_newline ();
   List.iter print_int (IS.elements (IS.diff s (IS.of_list [3; 9]))); print_newline ();
   print_int (List.length (List.of_seq (SM.to_seq m))); print_newline ();
module Q = struct
let () =
  let q = Queue.create () in
  for i = 1 to 10 do Queue.add i q done;
  Printf.printf "%d %d\n" (Queue.pop q) (Queue.length q);
  Queue.iter (fun x -> print_int x) q; print_newline ();
  let q2 = Queue.copy q in
  Queue.clear q;
  Printf.printf "%b %d\n" (Queue.is_empty q) (Queue.fold (+) 0 q2);
  Queue.transfer q2 q;
  print_int (Queue.length q); print_newline ();
  List.iter print_int (List.of_seq (Queue.to_seq q)); print_newline ();
  (try ignore (Queue.take (Queue.create ())) with Queue.Empty -> print_endline "empty");
end
let () = ignore (Hashtbl.find (Hashtbl.create 1) "missing")
