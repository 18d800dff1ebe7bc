(* Deep non-tail recursion (a million frames) and long tail-recursive loops *)
let rec map f = function [] -> [] | x :: r -> let y = f x in y :: map f r

let rec sum = function [] -> 0 | x :: r -> x + sum r

let rec build n = if n = 0 then [] else n :: build (n - 1)

let rec count_down n acc = if n = 0 then acc else count_down (n - 1) (acc + 1)

let rec even n = if n = 0 then true else odd (n - 1)
and odd n = if n = 0 then false else even (n - 1)

let rec loop3 a b c = if a = 0 then b + c else loop3 (a - 1) (b + 1) (c + 2)

let apply_n f n x =
  let rec go i acc = if i = n then acc else go (i + 1) (f acc) in
  go 0 x

let () =
  let n = 1_000_000 in
  let l = List.init n (fun i -> i) in
  let l2 = map (fun x -> x * 2) l in
  Printf.printf "sum via non-tail recursion: %d\n" (sum l2);
  let l3 = List.map (fun x -> x + 1) l in
  Printf.printf "List.map length %d, last %d\n" (List.length l3) (List.nth l3 (n - 1));
  let b = build n in
  Printf.printf "build: hd=%d length=%d\n" (List.hd b) (List.length b);
  let appended = l @ [ -1 ] in
  Printf.printf "append: %d\n" (List.length appended);
  let fr = List.fold_right (fun x acc -> x + acc) l 0 in
  Printf.printf "fold_right: %d\n" fr;
  Printf.printf "count_down 100M: %d\n" (count_down 100_000_000 0);
  Printf.printf "even 10M: %b, odd 7777777: %b\n" (even 10_000_000) (odd 7_777_777);
  Printf.printf "loop3: %d\n" (loop3 50_000_000 0 0);
  Printf.printf "apply_n: %d\n" (apply_n (fun x -> (x * 31 + 7) land 0xffff) 10_000_000 1);
  let total = ref 0 in
  let i = ref 0 in
  while !i < 30_000_000 do
    total := !total + (!i land 7);
    incr i
  done;
  Printf.printf "while: %d\n" !total;
  let s = ref 0 in
  for j = 10_000_000 downto 1 do s := !s lxor j done;
  Printf.printf "for downto: %d\n" !s;
  let filtered = List.filter (fun x -> x mod 3 = 0) l in
  let (evens, odds) = List.partition (fun x -> x mod 2 = 0) l in
  Printf.printf "filter %d, partition %d/%d\n" (List.length filtered) (List.length evens) (List.length odds);
  let pairs = List.combine l l2 in
  let (xs, ys) = List.split pairs in
  Printf.printf "combine/split: %d %d\n" (List.length xs) (sum ys);
  let s = String.concat "" (List.map (fun _ -> "ab") (List.init 100_000 (fun i -> i))) in
  Printf.printf "big string: %d\n" (String.length s);
  Printf.printf "sorted 1M desc: first=%d\n" (List.hd (List.sort (fun a b -> compare b a) l))
