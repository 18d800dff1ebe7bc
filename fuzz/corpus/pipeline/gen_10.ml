type t0 = C0_0 | C0_1 of t0 list | C0_2 of t0 * int | C0_3 of bool
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
  | C0_2 (a0, a1) -> "C0_2(" ^ show_t0 a0 ^ "," ^ string_of_int a1 ^ ")"
  | C0_3 (a0) -> "C0_3(" ^ string_of_bool a0 ^ ")"
type t1 = C1_0 | C1_1 of int * bool list | C1_2 of int * t0 | C1_3 of t0 | C1_4 of int * int list
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0, a1) -> "C1_1(" ^ string_of_int a0 ^ "," ^ ("[" ^ String.concat ";" (List.map (fun x2 -> string_of_bool x2) a1) ^ "]") ^ ")"
  | C1_2 (a0, a1) -> "C1_2(" ^ string_of_int a0 ^ "," ^ show_t0 a1 ^ ")"
  | C1_3 (a0) -> "C1_3(" ^ show_t0 a0 ^ ")"
  | C1_4 (a0, a1) -> "C1_4(" ^ string_of_int a0 ^ "," ^ ("[" ^ String.concat ";" (List.map (fun x3 -> string_of_int x3) a1) ^ "]") ^ ")"
type r0 = { r0_f0 : int * bool }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ (let (p4, p5) = v.r0_f0 in "(" ^ string_of_int p4 ^ "," ^ string_of_bool p5 ^ ")") ^ "}"
exception E0
exception E1 of string
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
  | E1 (a0) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g6 : r0 list = (let (v7 : int -> char) = (fun (a8 : int) -> 'b') in (match '\'' with | p9 -> [{ r0_f0 = (811725278497, false) }; { r0_f0 = (0, false) }; { r0_f0 = (5, true) }] | 'h' -> [] | 'Q' -> [{ r0_f0 = (7, true) }; { r0_f0 = (0, true) }; { r0_f0 = (1099511627776, false) }] | _ -> []))
let g10 : r0 = { r0_f0 = (0, true) }
let g11 : int ref = (ref (-2))
let f12 (x13 : t1) (x14 : int) (x15 : char) : t1 =
  C1_0
let f16 (x17 : bool -> bool) (x18 : string -> bool -> string) : int =
  (-1)
let () =
  (try
  (print_int (match C0_0 with | (_ | (C0_1 ([_]))) -> (((fun (a19 : int) -> 3) (-4611686018427387904)) * (8 lsr ((-1) land 63))) | _ -> ((if true then 7 else 4) + (if false then 702233605426 else (-3)))); print_char ' ');
  let (v20 : int -> char) = (fun (a21 : int) -> '\159') in (let (w22 : bool) = (11 <> (if (4 >= (-1)) then (raise (E0)) else (Char.code 'f'))) in print_string (string_of_bool w22); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let f23 (x24 : string) : t1 =
  C1_0
let () =
  (try
  (List.iter (fun (x25 : char) -> (print_char (Char.chr (7 land 255)))) (let (v26 : int option) = None in []));
  (print_string "c");
  (decr g11);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
