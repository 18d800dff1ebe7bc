(* Towers of Hanoi: recursive solution, move counting, and a simulated state check *)
type peg = A | B | C

let name = function A -> "A" | B -> "B" | C -> "C"

let rec hanoi n src dst via acc =
  if n = 0 then acc
  else
    let acc = hanoi (n - 1) src via dst acc in
    let acc = (n, src, dst) :: acc in
    hanoi (n - 1) via dst src acc

let moves n = List.rev (hanoi n A C B [])

exception Illegal_move of int * peg * peg

(* simulate with three stacks held in a record of mutable lists *)
type towers = { mutable a : int list; mutable b : int list; mutable c : int list }

let get t = function A -> t.a | B -> t.b | C -> t.c
let set t p v = match p with A -> t.a <- v | B -> t.b <- v | C -> t.c <- v

let simulate n ms =
  let t = { a = List.init n (fun i -> i + 1); b = []; c = [] } in
  List.iter
    (fun (disk, src, dst) ->
       match get t src with
       | top :: rest when top = disk ->
         (match get t dst with
          | d :: _ when d < disk -> raise (Illegal_move (disk, src, dst))
          | l -> set t src rest; set t dst (disk :: l))
       | _ -> raise (Illegal_move (disk, src, dst)))
    ms;
  t

let () =
  List.iter
    (fun (d, s, t) -> Printf.printf "move disk %d from %s to %s\n" d (name s) (name t))
    (moves 3);
  for n = 1 to 20 do
    let ms = moves n in
    let t = simulate n ms in
    if n mod 5 = 0 || n < 4 then
      Printf.printf "n=%2d moves=%7d (2^n-1=%7d) solved=%b\n" n (List.length ms) ((1 lsl n) - 1)
        (t.a = [] && t.b = [] && t.c = List.init n (fun i -> i + 1))
  done;
  (* a broken sequence *)
  try ignore (simulate 2 [ (1, A, B); (2, A, B) ]) with
  | Illegal_move (d, s, t) -> Printf.printf "illegal: disk %d %s->%s\n" d (name s) (name t)
