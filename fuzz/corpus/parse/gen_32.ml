type t0 = C0_0 | C0_1 of int * int list | C0_2 of t0 list
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0, a1) -> "C0_1(" ^ string_of_int a0 ^ "," ^ ("[" ^ String.concat ";" (List.map (fun x1 -> string_of_int x1) a1) ^ "]") ^ ")"
  | C0_2 (a0) -> "C0_2(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> show_t0 x2) a0) ^ "]") ^ ")"
type t1 = C1_0 | C1_1 | C1_2 of int * int | C1_3 of t1 * int | C1_4 of t0
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 -> "C1_1"
  | C1_2 (a0, a1) -> "C1_2(" ^ string_of_int a0 ^ "," ^ string_of_int a1 ^ ")"
  | C1_3 (a0, a1) -> "C1_3(" ^ show_t1 a0 ^ "," ^ string_of_int a1 ^ ")"
  | C1_4 (a0) -> "C1_4(" ^ show_t0 a0 ^ ")"
type r0 = { r0_f0 : int * char; mutable r0_f1 : int; mutable r0_f2 : int }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ (let (p3, p4) = v.r0_f0 in "(" ^ string_of_int p3 ^ "," ^ String.make 1 p4 ^ ")") ^ ";" ^ "r0_f1=" ^ string_of_int v.r0_f1 ^ ";" ^ "r0_f2=" ^ string_of_int v.r0_f2 ^ "}"
type r1 = { r1_f0 : string list; r1_f1 : t0 }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ ("[" ^ String.concat ";" (List.map (fun x5 -> ("\"" ^ x5 ^ "\"")) v.r1_f0) ^ "]") ^ ";" ^ "r1_f1=" ^ show_t0 v.r1_f1 ^ "}"
exception E0 of string * int
exception E1 of string
let show_exn (e : exn) : string = match e with
  | E0 (a0, a1) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | E1 (a0) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let f6 (x7 : char) (x8 : int) (x9 : string) : t1 =
  (if false then (C1_4 (C0_0)) else (C1_2 ((lnot 6), 8)))
let rec r10 (n11 : int) : int =
  if n11 <= 0 then n11 else let x13 = r10 (n11 - 1) in (x13 + (n11 land n11))
let () =
  (try
  Printf.printf "r10 %d\n" (r10 8884);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let f14 (x15 : int -> int -> int) : string =
  (if (((-2) = 10) && false) then (string_of_bool true) else (string_of_int 495))
let rec r16 (n17 : int) : int =
  if n17 <= 0 then n17 else let x19 = r16 (n17 - 1) in (x19 + (0 - n17))
let () =
  (try
  Printf.printf "r16 %d\n" (r16 7149);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let f20 (x21 : string) (x22 : r0) (x23 : int option) : t1 =
  (C1_4 ((C0_1 ((List.fold_left (fun (acc24 : int) (x25 : bool) -> acc24) 215605359353 []), ((print_newline ()); let (v26 : r0) = x22 in let (v27 : int ref) = (ref 1) in [])))))
let () =
  (try
  (print_int 116; print_char ' ');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
