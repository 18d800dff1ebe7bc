exception E0
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let f1 (x2 : int) (x3 : int list) (x4 : int) : char -> int =
  (let (v5 : char) = 'c' in (fun (a6 : char) -> 9))
let rec r7 (n8 : int) (acc9 : int) : int =
  if n8 = 0 then acc9 else r7 (n8 - 1) (acc9 lxor ((-1054027645903) lor acc9))
let () =
  (try
  Printf.printf "r7 %d\n" (r7 66936 0);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v10 : int) = 5 in (print_char ((fun (a11 : int) -> 'g') (f1 v10 (match v10 with | p12 -> [] | 0 -> [v10] | 0 when true -> [] | _ -> [v10; v10]) (let (v13 : int option) = (Some v10) in v10) 'f')));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (ignore (fun (a14 : char) -> "cdbaaa"));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_char 'f');
  (print_int (-1); print_char ' ');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (ignore (fun (a15 : int) -> (8 >= (match true with | true -> a15 | _ -> a15))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
