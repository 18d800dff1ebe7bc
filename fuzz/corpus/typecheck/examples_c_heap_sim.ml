(* Discrete-event simulation with a leftist heap priority queue *)
type 'a heap =
  | Empty
  | Node of int * 'a * 'a heap * 'a heap   (* rank, value, left, right *)

let rank = function Empty -> 0 | Node (r, _, _, _) -> r

let make x a b =
  if rank a >= rank b then Node (rank b + 1, x, a, b) else Node (rank a + 1, x, b, a)

let rec merge cmp h1 h2 =
  match h1, h2 with
  | Empty, h | h, Empty -> h
  | Node (_, x, a1, b1), Node (_, y, _, _) ->
    if cmp x y <= 0 then make x a1 (merge cmp b1 h2)
    else merge cmp h2 h1

let insert cmp x h = merge cmp (Node (1, x, Empty, Empty)) h

let pop cmp = function
  | Empty -> None
  | Node (_, x, a, b) -> Some (x, merge cmp a b)

type event_kind = Arrive of string | Depart of string | Tick

type event = { time : int; seq : int; kind : event_kind }

let cmp_event e1 e2 =
  match compare e1.time e2.time with
  | 0 -> compare e1.seq e2.seq
  | c -> c

type sim = {
  mutable queue : event heap;
  mutable clock : int;
  mutable next_seq : int;
  mutable in_shop : string list;
  mutable served : int;
  mutable log : string list;
}

let schedule sim time kind =
  let e = { time; seq = sim.next_seq; kind } in
  sim.next_seq <- sim.next_seq + 1;
  sim.queue <- insert cmp_event e sim.queue

let customers = ["ann", 3, 5; "bob", 1, 4; "cid", 3, 2; "dee", 7, 1; "eve", 2, 9]

let () =
  let sim = { queue = Empty; clock = 0; next_seq = 0; in_shop = []; served = 0; log = [] } in
  List.iter (fun (name, arrive, _) -> schedule sim arrive (Arrive name)) customers;
  schedule sim 5 Tick;
  schedule sim 10 Tick;
  let rec loop () =
    match pop cmp_event sim.queue with
    | None -> ()
    | Some (e, rest) ->
      sim.queue <- rest;
      sim.clock <- e.time;
      (match e.kind with
       | Arrive name ->
         let (_, _, dur) = List.find (fun (n, _, _) -> n = name) customers in
         sim.in_shop <- name :: sim.in_shop;
         schedule sim (sim.clock + dur) (Depart name);
         Printf.printf "[%02d] %s arrives (stays %d)\n" sim.clock name dur
       | Depart name ->
         sim.in_shop <- List.filter (( <> ) name) sim.in_shop;
         sim.served <- sim.served + 1;
         sim.log <- name :: sim.log;
         Printf.printf "[%02d] %s departs\n" sim.clock name
       | Tick ->
         Printf.printf "[%02d] tick: in shop = {%s}\n" sim.clock
           (String.concat "," (List.sort compare sim.in_shop)));
      loop ()
  in
  loop ();
  Printf.printf "served %d; departure order: %s\n" sim.served
    (String.concat " -> " (List.rev sim.log));
  (* heap sort of a list of ints *)
  let h = List.fold_left (fun h x -> insert compare x h) Empty [5; 3; 9; 1; 5; 7; 2; 8; 0; 4] in
  let rec drain h acc = match pop compare h with None -> List.rev acc | Some (x, h) -> drain h (x :: acc) in
  print_endline (String.concat " " (List.map string_of_int (drain h [])))
