(* Array is the installation's array.ml: caml_array_sub/append/concat/blit/fill on boxed and
   flat float arrays, stable_sort's and sort's results and the order they compare in,
   Invalid_argument texts, the Seq and list conversions, Floatarray. *)
let pr_int a = print_endline (String.concat " " (Array.to_list (Array.map string_of_int a)))
let pr_float a = print_endline (String.concat " " (Array.to_list (Array.map string_of_float a)))

let () =
  let a = Array.init 10 (fun i -> (i * 7) mod 10) in
  pr_int a;
  pr_int (Array.sub a 2 5);
  pr_int (Array.append a [| 100; 200 |]);
  pr_int (Array.concat [ [| 1 |]; [||]; [| 2; 3 |]; a ]);
  let b = Array.copy a in
  Array.blit a 0 b 3 5;
  pr_int b;
  Array.blit b 2 b 0 6;
  pr_int b;
  Array.fill b 1 3 (-1);
  pr_int b;
  let f = Array.init 6 (fun i -> float_of_int i /. 4.) in
  pr_float (Array.sub f 1 3);
  pr_float (Array.append f [| 9.5 |]);
  pr_float (Array.concat [ f; [| 1e10 |]; f ]);
  Array.fill f 0 2 3.25;
  Array.blit f 0 f 3 3;
  pr_float f;
  Printf.printf "%d %d\n" (Array.length (Array.sub f 0 0)) (Array.length (Array.append [||] [||]));
  (* The comparisons sort makes, in order. *)
  let calls = ref [] in
  let cmp x y = calls := (x, y) :: !calls; compare x y in
  let c = [| 5; 3; 9; 1; 5; 7; 2; 8; 0; 6; 4; 3 |] in
  Array.sort cmp c;
  pr_int c;
  Printf.printf "sort: %d comparisons, first %s\n" (List.length !calls)
    (String.concat ";" (List.map (fun (x, y) -> Printf.sprintf "%d,%d" x y)
       (List.filteri (fun i _ -> i < 6) (List.rev !calls))));
  calls := [];
  let d = Array.init 40 (fun i -> (i * 17) mod 11) in
  Array.stable_sort cmp d;
  pr_int d;
  Printf.printf "stable_sort: %d comparisons\n" (List.length !calls);
  (* Stability: equal keys keep their order. *)
  let e = Array.init 30 (fun i -> (i mod 4, i)) in
  Array.stable_sort (fun (x, _) (y, _) -> compare x y) e;
  print_endline (String.concat " " (Array.to_list (Array.map (fun (k, i) -> Printf.sprintf "%d:%d" k i) e)));
  let g = Array.init 25 (fun i -> float_of_int ((i * 13) mod 7)) in
  Array.sort compare g;
  pr_float g;
  List.iter
    (fun f -> try f () with Invalid_argument m -> print_endline m)
    [ (fun () -> ignore (Array.sub a 8 5)); (fun () -> Array.blit a 0 b 8 5);
      (fun () -> Array.fill a (-1) 2 0); (fun () -> ignore (Array.init (-1) Fun.id));
      (fun () -> ignore (Array.make (-1) 0)); (fun () -> ignore (Array.map2 ( + ) a [| 1 |]));
      (fun () -> ignore (Array.combine a [| 1 |])); (fun () -> ignore (Array.make_matrix (-1) 2 0)) ];
  pr_int (Array.of_seq (Seq.map (fun x -> x * x) (Array.to_seq [| 1; 2; 3 |])));
  print_endline (String.concat "," (List.map string_of_int (List.of_seq (Array.to_seqi [| 7; 8 |] |> Seq.map fst))));
  let m = Array.make_matrix 2 3 0.5 in
  m.(1).(2) <- 4.;
  Array.iter pr_float m;
  let x, y = Array.split [| (1, 'a'); (2, 'b') |] in
  pr_int x;
  print_endline (String.init (Array.length y) (Array.get y));
  Printf.printf "%b %b %b\n" (Array.mem 3 a) (Array.memq 3 a) (Array.exists2 ( = ) a a);
  Printf.printf "%s\n" (match Array.find_opt (fun x -> x > 7) a with Some v -> string_of_int v | None -> "none");
  Printf.printf "%d\n" (Array.fold_left_map (fun acc x -> (acc + x, x * 2)) 0 a |> fst);
  let fa = Array.Floatarray.create 3 in
  Array.Floatarray.set fa 0 1.5;
  Printf.printf "%d %g\n" (Array.Floatarray.length fa) (Array.Floatarray.get fa 0);
  let cf = Array.create_float 2 in
  Printf.printf "%d\n" (Array.length cf)
