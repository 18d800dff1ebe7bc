(* A 1_000_000-element list built and traversed while other allocation forces collections,
   and a 100_000-deep non-tail recursion allocating on the way back (a deep stack to scan). *)
let rec build n acc = if n = 0 then acc else build (n - 1) (n :: acc)

let rec churn n acc = if n = 0 then acc else churn (n - 1) (List.length [ n; n; n ] + acc)

let rec walk l acc = match l with [] -> acc | x :: r -> walk r (acc + x + churn 2 0)

let rec map_nontail f l = match l with [] -> [] | x :: r -> f x :: map_nontail f r

let () =
  let l = build 1_000_000 [] in
  let garbage = churn 3_000_000 0 in
  let l2 = map_nontail (fun x -> x * 2) (build 100_000 []) in
  List.iter (fun n -> print_int n; print_char ' ') [ walk l 0; garbage; walk l2 0; List.length l2 ];
  print_newline ()
