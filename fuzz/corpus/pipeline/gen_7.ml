type t0 = C0_0 | C0_1 of bool option | C0_2 of int * bool | C0_3 of t0 list
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ (match a0 with None -> "None" | Some x1 -> "Some(" ^ string_of_bool x1 ^ ")") ^ ")"
  | C0_2 (a0, a1) -> "C0_2(" ^ string_of_int a0 ^ "," ^ string_of_bool a1 ^ ")"
  | C0_3 (a0) -> "C0_3(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> show_t0 x2) a0) ^ "]") ^ ")"
exception E0 of int
exception E1 of int
exception E2 of string * int
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | E1 (a0) -> "E1(" ^ string_of_int a0 ^ ")"
  | E2 (a0, a1) -> "E2(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let f3 (x4 : int option) : int list =
  ((List.fold_left (fun (acc5 : int) (x6 : t0) -> ((let (w7 : t0) = x6 in print_string (show_t0 w7); print_char '\n'); 4)) 6 [C0_0; (C0_2 (1004280725108, false)); C0_0]) :: ((fun (a8 : bool) -> []) (0 >= 4611686018427387903)))
let () =
  (try
  (ignore C0_0);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let rec r9 (n10 : int) : int =
  if n10 <= 0 then n10 else let x12 = r9 (n10 - 1) in (x12 + (n10 asr (2 land 63)))
let () =
  (try
  Printf.printf "r9 %d\n" (r9 5789);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
