type t0 = C0_0 | C0_1 of int | C0_2
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ string_of_int a0 ^ ")"
  | C0_2 -> "C0_2"
type t1 = C1_0 | C1_1 of int * char option | C1_2 of t1 list | C1_3 of t0 | C1_4 of t1 * int
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0, a1) -> "C1_1(" ^ string_of_int a0 ^ "," ^ (match a1 with None -> "None" | Some x1 -> "Some(" ^ String.make 1 x1 ^ ")") ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> show_t1 x2) a0) ^ "]") ^ ")"
  | C1_3 (a0) -> "C1_3(" ^ show_t0 a0 ^ ")"
  | C1_4 (a0, a1) -> "C1_4(" ^ show_t1 a0 ^ "," ^ string_of_int a1 ^ ")"
type r0 = { r0_f0 : int list }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ ("[" ^ String.concat ";" (List.map (fun x3 -> string_of_int x3) v.r0_f0) ^ "]") ^ "}"
type r1 = { mutable r1_f0 : t1; r1_f1 : bool }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ show_t1 v.r1_f0 ^ ";" ^ "r1_f1=" ^ string_of_bool v.r1_f1 ^ "}"
exception E0 of string * int
let show_exn (e : exn) : string = match e with
  | E0 (a0, a1) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g4 : r0 = ((print_int (fst (11, [])); print_char ' '); { r0_f0 = [12; 8; 12] })
let g5 : string = (Printf.sprintf "%5s%5s%b" "bb\214" (String.make (11 land 7) '\n') (true || true))
let g6 : int ref = (ref (List.length []))
let rec r7 (n8 : int) (acc9 : int) : int =
  if n8 <= 0 then acc9 else r10 (n8 - 1) (acc9 + (n8 - 11))
and r10 (n8 : int) (acc9 : int) : int =
  if n8 <= 0 then acc9 * 2 else r7 (n8 - 1) (acc9 lxor (2 + 6))
let () =
  Printf.printf "r7 %d\n" (r7 22565 1);
  print_string "--\n"
let rec r11 (n12 : int) (acc13 : int) : int =
  if n12 = 0 then acc13 else r11 (n12 - 1) (acc13 lxor (n12 land 11))
let () =
  Printf.printf "r11 %d\n" (r11 1396 0);
  print_string "--\n"
let rec r14 (n15 : int) (acc16 : int) : int =
  if n15 <= 0 then acc16 else r17 (n15 - 1) (acc16 + (n15 asr (acc16 land 63)))
and r17 (n15 : int) (acc16 : int) : int =
  if n15 <= 0 then acc16 * 2 else r14 (n15 - 1) (acc16 lxor (n15 + n15))
let () =
  Printf.printf "r14 %d\n" (r14 13302 1);
  print_string "--\n"
let f18 (x19 : char list) (x20 : bool) : char =
  'd'
let f21 (x22 : int list) : string * char =
  (((match [] with | [([4] | [])] -> g5 | _ -> "dbbaba") ^ g5), (f18 [] ((true, 10) <> (false, 2))))
let () =
  let (v23 : int list) = [849069371501; 11; ((fst (187, 1)) * (1 - (-2)))] in print_string "--\n"
let () =
  (Printf.printf "%B\n" (if true then true else (match (C1_4 (C1_0, 7)) with | p24 -> (not true) | _ -> false)));
  print_string "--\n"
let () =
  (ignore (List.map (fun (x25 : bool) -> (match C1_0 with | ((C1_1 (3, None)) | (C1_3 (_))) -> (if x25 then '.' else 'c') | (C1_2 ([])) -> (Char.chr (11 land 255)) | _ -> 'e')) (if (List.for_all (fun (x26 : char) -> false) ['b'; '\009']) then [true] else [])));
  (Printf.printf "%d\n" ((List.length (List.filter (fun (x27 : t1) -> true) [(C1_3 (C0_0)); C1_0; C1_0])) mod ((String.length (match 9 with | (-2) -> g5 | 4 when true -> g5 | p28 when true -> g5 | _ -> g5)) lor 1)));
  print_string "--\n"
let () =
  (let (w29 : char) = 'f' in print_string (String.make 1 w29); print_char '\n');
  print_string "--\n"
