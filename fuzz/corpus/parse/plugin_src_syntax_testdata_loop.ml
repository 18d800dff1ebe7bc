(* Tail-recursive loops over a record state; mutable fields; while and for loops. *)
type stats = { mutable count : int; mutable total : int; name : string }

let collatz_steps n =
  let rec go n steps = if n = 1 then steps else go (if n mod 2 = 0 then n / 2 else 3 * n + 1) (steps + 1) in
  go n 0

let rec sum_to acc n = if n = 0 then acc else sum_to (acc + n) (n - 1)

let update s x =
  s.count <- s.count + 1;
  s.total <- s.total + x

let () =
  let s = { count = 0; total = 0; name = "collatz" } in
  for i = 1 to 30 do
    update s (collatz_steps i)
  done;
  let s' = { s with name = "copy" } in
  Printf.printf "%s: %d numbers, %d steps\n" s'.name s.count s.total;
  let i = ref 10 and acc = ref [] in
  while !i > 0 do
    acc := !i :: !acc;
    decr i
  done;
  for j = 3 downto 1 do print_int j done;
  print_newline ();
  print_int (sum_to 0 1_000_000);
  print_newline ();
  print_int (List.length !acc)
