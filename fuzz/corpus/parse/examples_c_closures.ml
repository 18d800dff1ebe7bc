(* Higher-order programming: closures, currying, partial application, composition, counters *)
let compose f g x = f (g x)
let ( >> ) f g x = g (f x)
let twice f = compose f f
let flip f a b = f b a
let curry f a b = f (a, b)
let uncurry f (a, b) = f a b

let make_counter () =
  let n = ref 0 in
  (fun () -> incr n; !n), (fun () -> n := 0)

let memo_fib =
  let table = ref [] in
  let rec fib n =
    if n < 2 then n
    else
      match assoc_opt_safe n !table with
      | Some v -> v
      | None ->
        let v = fib (n - 1) + fib (n - 2) in
        table := (n, v) :: !table;
        v
  and assoc_opt_safe n l = try Some (List.assoc n l) with Not_found -> None in
  fib

let sum_with f l = List.fold_left (fun acc x -> acc + f x) 0 l

let adders = List.map (fun k -> fun x -> x + k) [ 1; 10; 100 ]

let rec church n f x = if n = 0 then x else f (church (n - 1) f x)

let pipeline = [ (fun x -> x + 1); (fun x -> x * 3); (fun x -> x - 4) ]

let over_apply = fun a -> fun b -> fun c -> a * 100 + b * 10 + c

let make_acc init =
  let total = ref init in
  fun x -> total := !total + x; !total

let () =
  let inc, reset = make_counter () in
  ignore (inc ()); ignore (inc ());
  Printf.printf "counter: %d\n" (inc ());
  reset ();
  Printf.printf "after reset: %d\n" (inc ());
  Printf.printf "memo fib 80 = %d\n" (memo_fib 80);
  Printf.printf "compose: %d, >>: %d, twice: %d\n"
    (compose (fun x -> x * 2) (fun x -> x + 3) 5)
    (((fun x -> x * 2) >> (fun x -> x + 3)) 5)
    (twice (twice (fun x -> x * x)) 2);
  Printf.printf "flip (-) 1 10 = %d; curry fst: %d; uncurry (+): %d\n" (flip ( - ) 1 10) (curry fst 7 8) (uncurry ( + ) (3, 4));
  Printf.printf "sum of squares: %d\n" (sum_with (fun x -> x * x) [ 1; 2; 3; 4 ]);
  Printf.printf "adders: %s\n" (String.concat "," (List.map (fun f -> string_of_int (f 5)) adders));
  Printf.printf "church 10 (+2) 0 = %d; church string: %s\n" (church 10 (( + ) 2) 0) (church 3 (fun s -> "(" ^ s ^ ")") "x");
  Printf.printf "pipeline: %d\n" (List.fold_left (fun acc f -> f acc) 5 pipeline);
  Printf.printf "pipeline via |>: %d\n" (5 |> List.nth pipeline 0 |> List.nth pipeline 1 |> List.nth pipeline 2);
  let partial = over_apply 1 in
  let partial2 = partial 2 in
  Printf.printf "over/partial application: %d %d %d\n" (over_apply 4 5 6) (partial 7 8) (partial2 9);
  let id x = x in
  Printf.printf "id id: %d %s\n" (id id 3) (id id "poly");
  let acc = make_acc 100 in
  List.iter (fun x -> ignore (acc x)) [ 1; 2; 3 ];
  Printf.printf "acc: %d\n" (acc 0);
  let apply_all fs x = List.map (fun f -> f x) fs in
  print_endline (String.concat " " (List.map string_of_int (apply_all [ succ; pred; abs; ( ~- ); (fun x -> x lsl 2) ] (-5))));
  let print_sum = print_endline @@ string_of_int @@ List.fold_left ( + ) 0 [ 1; 2; 3 ] in
  print_sum;
  let pairs = List.mapi (fun i f -> (i, f i)) [ (fun x -> x * x); (fun x -> x + 100) ] in
  List.iter (fun (i, v) -> Printf.printf "%d->%d " i v) pairs;
  print_newline ();
  let fs = ref [] in
  for i = 1 to 3 do fs := (fun () -> i * 10) :: !fs done;
  Printf.printf "loop closures: %s\n" (String.concat " " (List.map (fun f -> string_of_int (f ())) !fs));
  let rec fix f x = f (fix f) x in
  let fact = fix (fun self n -> if n = 0 then 1 else n * self (n - 1)) in
  Printf.printf "fix fact 20 = %d\n" (fact 20);
  let ops = [ ("+", ( + )); ("-", ( - )); ("*", ( * )); ("/", ( / )); ("mod", ( mod )); ("land", ( land )) ] in
  List.iter (fun (name, op) -> Printf.printf "17 %s 5 = %d\n" name (op 17 5)) ops;
  Printf.printf "List.exists/for_all: %b %b\n" (List.exists (fun x -> x > 2) [ 1; 2; 3 ]) (List.for_all (( < ) 0) [ 1; 2; 3 ]);
  List.iter2 (fun a b -> Printf.printf "%s=%d " a b) [ "a"; "b" ] [ 1; 2 ];
  print_newline ();
  Printf.printf "fold_left2: %d; map2: %s\n"
    (List.fold_left2 (fun acc a b -> acc + a * b) 0 [ 1; 2; 3 ] [ 4; 5; 6 ])
    (String.concat "," (List.map string_of_int (List.map2 ( - ) [ 10; 20 ] [ 1; 2 ])))
