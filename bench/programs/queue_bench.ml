(* Functional queue (two lists) + lots of small allocations; simple bank of counters *)
type 'a queue = { front : 'a list; back : 'a list }

let empty = { front = []; back = [] }
let push x q = { q with back = x :: q.back }
let rec pop q =
  match q.front with
  | x :: f -> Some (x, { q with front = f })
  | [] -> if q.back = [] then None else pop { front = List.rev q.back; back = [] }

let () =
  let q = ref empty in
  let sum = ref 0 in
  for i = 1 to 600_000 do
    q := push (i, string_of_int i) !q;
    if i mod 3 = 0 then
      match pop !q with
      | Some ((n, s), q') -> sum := !sum + n + String.length s; q := q'
      | None -> ()
  done;
  let rec drain q acc = match pop q with None -> acc | Some ((n, _), q) -> drain q (acc + n) in
  Printf.printf "sum=%d drained=%d\n" !sum (drain !q 0);
  (* josephus problem with the queue *)
  let josephus n k =
    let q = ref empty in
    for i = 1 to n do q := push i !q done;
    let last = ref 0 in
    let count = ref 0 in
    let continue = ref true in
    while !continue do
      match pop !q with
      | None -> continue := false
      | Some (x, q') ->
        incr count;
        if !count mod k = 0 then (last := x; q := q') else q := push x q'
    done;
    !last
  in
  Printf.printf "josephus(41,3)=%d josephus(100000,7)=%d\n" (josephus 41 3) (josephus 100000 7)
