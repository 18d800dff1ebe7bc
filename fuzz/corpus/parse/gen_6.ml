type t0 = C0_0 | C0_1 of string list | C0_2 of (string * string) | C0_3 of t0 list | C0_4 of int
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> ("\"" ^ x1 ^ "\"")) a0) ^ "]") ^ ")"
  | C0_2 (a0) -> "C0_2(" ^ (let (p2, p3) = a0 in "(" ^ ("\"" ^ p2 ^ "\"") ^ "," ^ ("\"" ^ p3 ^ "\"") ^ ")") ^ ")"
  | C0_3 (a0) -> "C0_3(" ^ ("[" ^ String.concat ";" (List.map (fun x4 -> show_t0 x4) a0) ^ "]") ^ ")"
  | C0_4 (a0) -> "C0_4(" ^ string_of_int a0 ^ ")"
type t1 = C1_0 | C1_1 of t1 list | C1_2 of t1 * string | C1_3 of int
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ ("[" ^ String.concat ";" (List.map (fun x5 -> show_t1 x5) a0) ^ "]") ^ ")"
  | C1_2 (a0, a1) -> "C1_2(" ^ show_t1 a0 ^ "," ^ ("\"" ^ a1 ^ "\"") ^ ")"
  | C1_3 (a0) -> "C1_3(" ^ string_of_int a0 ^ ")"
type t2 = C2_0 | C2_1 of t2 * int | C2_2 of t2 * bool | C2_3 of t2 list | C2_4
let rec show_t2 (v : t2) : string = match v with
  | C2_0 -> "C2_0"
  | C2_1 (a0, a1) -> "C2_1(" ^ show_t2 a0 ^ "," ^ string_of_int a1 ^ ")"
  | C2_2 (a0, a1) -> "C2_2(" ^ show_t2 a0 ^ "," ^ string_of_bool a1 ^ ")"
  | C2_3 (a0) -> "C2_3(" ^ ("[" ^ String.concat ";" (List.map (fun x6 -> show_t2 x6) a0) ^ "]") ^ ")"
  | C2_4 -> "C2_4"
type r0 = { mutable r0_f0 : bool option; mutable r0_f1 : t1 }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ (match v.r0_f0 with None -> "None" | Some x7 -> "Some(" ^ string_of_bool x7 ^ ")") ^ ";" ^ "r0_f1=" ^ show_t1 v.r0_f1 ^ "}"
type r1 = { r1_f0 : bool * string; mutable r1_f1 : int option }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ (let (p8, p9) = v.r1_f0 in "(" ^ string_of_bool p8 ^ "," ^ ("\"" ^ p9 ^ "\"") ^ ")") ^ ";" ^ "r1_f1=" ^ (match v.r1_f1 with None -> "None" | Some x10 -> "Some(" ^ string_of_int x10 ^ ")") ^ "}"
exception E0 of string * int
exception E1
let show_exn (e : exn) : string = match e with
  | E0 (a0, a1) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | E1 -> "E1"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let f11 (x12 : t0) (x13 : char list) : char option =
  (Some 'f')
let rec r14 (n15 : int) (acc16 : int) : int =
  if n15 = 0 then acc16 else r14 (n15 - 1) (acc16 lxor (265211168448 + acc16))
let () =
  Printf.printf "r14 %d\n" (r14 77378 0);
  print_string "--\n"
let () =
  (ignore (Char.chr (12 land 255)));
  (Printf.printf "%-3sx=%c%5s" "ca\169aec" 'e' (String.concat ((match C0_0 with | ((C0_4 ((-1))) | C0_0) when true -> "" | p17 when false -> "ba" | _ -> "") ^ (String.make (12 land 7) 'g')) (List.rev ("dccdbc" :: [""; "  "; " "]))));
  (print_char 'd');
  (Printf.printf "%-3s\n" (if false then (String.concat "da\"" []) else (((print_int (-3); print_char ' '); (if false then (for i18 = 2 to 1 do ((let c19 = ref 1 in while !c19 > 0 do decr c19; ((Printf.printf "<%d%d\n" i18 i18); (print_char 'a')) done)) done)); (let c20 = ref 4 in while !c20 > 0 do decr c20; ((print_endline "\nbca%"); (let (w21 : int) = (-2) in print_string (string_of_int w21); print_char '\n')) done); " bae ") ^ "ceb")));
  print_string "--\n"
