(* Branches on float comparisons (nan makes every ordered comparison false), and float loads
   next to stores of the same field or element: the native backend fuses the first into
   `ucomisd; jcc` and folds a load into its one use only when no store comes in between. *)

type r = { mutable a : float; mutable b : float }

let[@inline never] load_then_store r =
  let x = r.a in
  r.a <- r.b;
  x +. r.a

let[@inline never] store_then_load r =
  r.b <- r.a *. 2.;
  r.b -. r.a

let[@inline never] elements (v : float array) i =
  let x = v.(i) in
  v.(i) <- 0.5;
  let y = x *. v.(i) in
  v.(i) <- y;
  y /. v.(i) +. x

let[@inline never] branches x y =
  let b c = if c then 'T' else 'F' in
  Printf.printf "%c%c%c%c%c%c" (b (x < y)) (b (x <= y)) (b (x > y)) (b (x >= y)) (b (x = y))
    (b (x <> y));
  if x < y then print_string " lt" else print_string " !lt";
  if x <= y then print_string " le" else print_string " !le";
  if x > y then print_string " gt" else print_string " !gt";
  if x >= y then print_string " ge" else print_string " !ge";
  if not (x < y) then print_string " nlt";
  if not (x >= y) then print_string " nge";
  print_newline ()

let rec count_below limit x n =
  if x >= limit || n >= 20 then n else count_below limit (x +. 1.) (n + 1)

let () =
  let r = { a = 1.5; b = 2.25 } in
  Printf.printf "%F %F %F\n" (load_then_store r) r.a r.b;
  Printf.printf "%F %F %F\n" (store_then_load r) r.a r.b;
  let v = [| 1.; 3.; -0. |] in
  Printf.printf "%F %F %F\n" (elements v 1) (elements v 2) v.(1);
  let vals = [ 0.; -0.; 1.; -1.; nan; infinity; neg_infinity ] in
  List.iter (fun x -> List.iter (fun y -> branches x y) vals) vals;
  Printf.printf "%d %d %d\n" (count_below 10. 0. 0) (count_below nan 0. 0)
    (count_below 0.5 (-0.) 0)
