(* MoreLabels: the labelled Hashtbl, Map and Set, functors included. *)
open MoreLabels

let () =
  let h = Hashtbl.create 16 in
  List.iter (fun (k, v) -> Hashtbl.add h ~key:k ~data:v) [ ("one", 1); ("two", 2); ("three", 3) ];
  Hashtbl.replace h ~key:"two" ~data:22;
  let keys = Hashtbl.fold h ~init:[] ~f:(fun ~key ~data acc -> (key, data) :: acc) in
  List.iter (fun (k, v) -> Printf.printf "%s=%d\n" k v) (List.sort compare keys);
  Hashtbl.filter_map_inplace h ~f:(fun ~key ~data -> if key = "one" then None else Some (data * 10));
  Hashtbl.iter h ~f:(fun ~key ~data -> Printf.printf "after: %s=%d\n" key data) |> ignore;
  Printf.printf "length %d\n" (Hashtbl.length h)

module IntHash = Hashtbl.Make (struct
  type t = int
  let equal = ( = )
  let hash = Hashtbl.hash
end)

let () =
  let t = IntHash.create 8 in
  for i = 1 to 5 do IntHash.add t ~key:i ~data:(i * i) done;
  IntHash.remove t 3;
  let sum = IntHash.fold t ~init:0 ~f:(fun ~key ~data acc -> acc + key + data) in
  Printf.printf "sum %d, mem 3 %b, find 4 %d\n" sum (IntHash.mem t 3) (IntHash.find t 4)

module SM = Map.Make (String)

let () =
  let m = SM.empty |> SM.add ~key:"b" ~data:2 |> SM.add ~key:"a" ~data:1 |> SM.add ~key:"c" ~data:3 in
  SM.iter m ~f:(fun ~key ~data -> Printf.printf "%s -> %d\n" key data);
  let m2 = SM.map m ~f:(fun x -> x * 100) in
  print_endline (String.concat "," (List.map (fun (k, v) -> k ^ string_of_int v) (SM.bindings m2)));
  let merged =
    SM.merge m m2 ~f:(fun _key a b ->
        match (a, b) with Some x, Some y -> Some (x + y) | _ -> None)
  in
  Printf.printf "merged b = %d\n" (SM.find "b" merged);
  let m3 = SM.update ~key:"z" ~f:(function None -> Some 26 | Some x -> Some x) m in
  Printf.printf "cardinal %d, fold %s\n" (SM.cardinal m3)
    (SM.fold m3 ~init:"" ~f:(fun ~key ~data acc -> acc ^ key ^ string_of_int data));
  let evens, odds = SM.partition m3 ~f:(fun _ data -> data mod 2 = 0) in
  Printf.printf "evens %d odds %d\n" (SM.cardinal evens) (SM.cardinal odds)

module IS = Set.Make (Int)

let () =
  let s = IS.of_list [ 5; 1; 4; 1; 3 ] in
  IS.iter s ~f:(fun x -> Printf.printf "%d " x);
  print_newline ();
  let big, small = IS.partition s ~f:(fun x -> x > 3) in
  Printf.printf "big %d small %d\n" (IS.cardinal big) (IS.cardinal small);
  Printf.printf "sum %d\n" (IS.fold s ~init:0 ~f:( + ));
  Printf.printf "exists %b for_all %b\n" (IS.exists s ~f:(fun x -> x = 4)) (IS.for_all s ~f:(fun x -> x > 0));
  print_endline (String.concat " " (List.map string_of_int (IS.elements (IS.filter s ~f:(fun x -> x mod 2 = 1)))))
