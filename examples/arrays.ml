let () =
  let a = Array.init 5 (fun i -> i * i) in
  let b = Array.map (fun x -> x + 1) a in
  Array.iter (Printf.printf "%d ") b; print_newline ();
  Array.iteri (fun i x -> Printf.printf "%d:%d " i x) a; print_newline ();
  Printf.printf "%d\n" (Array.fold_left ( + ) 0 a);
  let c = Array.copy a in c.(0) <- 100;
  Printf.printf "%d %d\n" a.(0) c.(0);
  Array.fill c 1 2 7;
  Array.blit a 0 c 3 2;
  Array.iter (Printf.printf "%d ") c; print_newline ();
  let l = Array.to_list c in
  let d = Array.of_list (List.rev l) in
  Array.iter (Printf.printf "%d ") d; print_newline ();
  let m = Array.make_matrix 2 3 0 in
  m.(1).(2) <- 5;
  Printf.printf "%d\n" m.(1).(2);
  (try a.(10) <- 1 with Invalid_argument s -> print_endline s);
  let e = Array.append a [| 1; 2 |] in
  Printf.printf "%d %d\n" (Array.length e) (Array.fold_right (fun x acc -> x - acc) e 0);
  Array.sort compare d;
  Array.iter (Printf.printf "%d ") d; print_newline ();
  Printf.printf "%b %b\n" (Array.exists (fun x -> x > 10) a) (Array.mem 4 a);
  let s = Array.sub a 1 2 in
  Printf.printf "%d\n" (Array.length s)
