(* Records with mutable fields, functional update, and field punning. *)
type point = { x : int; y : int }
type account = { owner : string; mutable balance : int; mutable history : int list }

let move p dx dy = { p with x = p.x + dx; y = p.y + dy }
let show p = Printf.sprintf "(%d, %d)" p.x p.y

let deposit acc n =
  acc.balance <- acc.balance + n;
  acc.history <- n :: acc.history

let () =
  let p = { x = 1; y = 2 } in
  let q = move p 10 20 in
  print_endline (show p ^ " -> " ^ show q);
  let { x; y } = q in
  Printf.printf "x=%d y=%d\n" x y;
  let acc = { owner = "ada"; balance = 0; history = [] } in
  List.iter (deposit acc) [100; -30; 45];
  Printf.printf "%s has %d after %d operations\n" acc.owner acc.balance (List.length acc.history);
  List.iter (fun h -> Printf.printf "%d;" h) (List.rev acc.history);
  print_newline ();
  let counter = ref 0 in
  for _ = 1 to 10 do incr counter done;
  decr counter;
  Printf.printf "counter=%d\n" !counter;
  print_endline (if p = { x = 1; y = 2 } then "equal" else "different");
  print_endline (if p < q then "less" else "not less")
