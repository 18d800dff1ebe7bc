type t0 = C0_0 | C0_1
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 -> "C0_1"
type r0 = { mutable r0_f0 : int option }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ (match v.r0_f0 with None -> "None" | Some x1 -> "Some(" ^ string_of_int x1 ^ ")") ^ "}"
type r1 = { r1_f0 : t0; mutable r1_f1 : r0; r1_f2 : int }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ show_t0 v.r1_f0 ^ ";" ^ "r1_f1=" ^ show_r0 v.r1_f1 ^ ";" ^ "r1_f2=" ^ string_of_int v.r1_f2 ^ "}"
exception E0
exception E1 of int
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
  | E1 (a0) -> "E1(" ^ string_of_int a0 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let f2 (x3 : char -> int) (x4 : int) (x5 : int) : bool =
  false
let f6 (x7 : int) (x8 : int list) : bool =
  (not (f2 (match 'h' with | ('a' .. 'm') -> (fun (a9 : char) -> x7) | p10 -> (fun (a11 : char) -> x7) | _ -> (fun (a12 : char) -> x7)) (match 'Q' with | ('a' .. 'm') -> 8 | p13 -> x7 | 'd' -> x7 | _ -> x7) (try 10 with | E0 -> x7 | ex14 -> print_string "reraise "; raise ex14)))
let f15 (x16 : bool) : bool -> char =
  (fun (a17 : bool) -> (try (Char.chr ((-975564190496) land 255)) with | Not_found -> 'f' | ex18 -> print_string "reraise "; raise ex18))
let f19 (x20 : int option) (x21 : r0) : t0 =
  C0_1
let () =
  (try
  let (v22 : t0 ref) = (ref C0_0) in (print_newline ());
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v23 : bool ref) = (ref true) in let (v24 : int ref) = (ref (try (782438363600 land 9) with | Not_found -> (List.length []) | Exit -> (match 10 with | p25 -> 3 | 2 when true -> 3 | 1 -> 7 | _ -> 9) | ex26 -> print_string "reraise "; raise ex26)) in (let (w27 : int option) = None in print_string ((match w27 with None -> "None" | Some x28 -> "Some(" ^ string_of_int x28 ^ ")")); print_char '\n');
  (print_int 11; print_char ' ');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
