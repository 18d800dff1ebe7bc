let bfs adj start =
  let n = Array.length adj in
  let dist = Array.make n (-1) in
  let q = Queue.create () in
  dist.(start) <- 0; Queue.add start q;
  while not (Queue.is_empty q) do
    let u = Queue.pop q in
    List.iter (fun v -> if dist.(v) < 0 then begin dist.(v) <- dist.(u) + 1; Queue.push v q end) adj.(u)
  done;
  dist
let () =
  let adj = [| [1; 2]; [3]; [3; 4]; [5]; [5]; [] |] in
  Array.iter (Printf.printf "%d ") (bfs adj 0); print_newline ();
  let s = Stack.create () in
  List.iter (fun x -> Stack.push x s) [1; 2; 3];
  Printf.printf "%d %d %d\n" (Stack.pop s) (Stack.top s) (Stack.length s);
  Stack.iter (Printf.printf "[%d]") s; print_newline ();
  (try while true do ignore (Stack.pop s) done with Stack.Empty -> print_endline "empty");
  Printf.printf "%b\n" (Stack.is_empty s);
  let q : int Queue.t = Queue.create () in
  for i = 1 to 5 do Queue.add (i * i) q done;
  let q2 = Queue.copy q in
  Printf.printf "%d %d %d\n" (Queue.take q) (Queue.peek q) (Queue.length q);
  Printf.printf "%d\n" (Queue.fold ( + ) 0 q2);
  Queue.transfer q q2;
  Queue.iter (Printf.printf "%d ") q2; print_newline ();
  Printf.printf "%d %d\n" (Queue.length q) (Queue.length q2);
  (match Queue.take_opt q with None -> print_endline "none" | Some _ -> ());
  Printf.printf "%d %d %s %d\n" (Int.max 3 7) (Int.abs (-4)) (Int.to_string 42) (Int.compare 1 2);
  Printf.printf "%d\n" (Fun.flip ( - ) 1 10);
  List.iter (Printf.printf "%d ") (List.filter (Fun.negate (fun x -> x mod 2 = 0)) [1;2;3;4;5]); print_newline ();
  ignore (Queue.pop q)
