type t0 = C0_0 | C0_1 of int | C0_2 of int | C0_3
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ string_of_int a0 ^ ")"
  | C0_2 (a0) -> "C0_2(" ^ string_of_int a0 ^ ")"
  | C0_3 -> "C0_3"
type t1 = C1_0 | C1_1 of int * char | C1_2 of t1 * int | C1_3 of t1 * bool | C1_4 of int * int
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0, a1) -> "C1_1(" ^ string_of_int a0 ^ "," ^ String.make 1 a1 ^ ")"
  | C1_2 (a0, a1) -> "C1_2(" ^ show_t1 a0 ^ "," ^ string_of_int a1 ^ ")"
  | C1_3 (a0, a1) -> "C1_3(" ^ show_t1 a0 ^ "," ^ string_of_bool a1 ^ ")"
  | C1_4 (a0, a1) -> "C1_4(" ^ string_of_int a0 ^ "," ^ string_of_int a1 ^ ")"
type t2 = C2_0 | C2_1 | C2_2 of int * int list
let rec show_t2 (v : t2) : string = match v with
  | C2_0 -> "C2_0"
  | C2_1 -> "C2_1"
  | C2_2 (a0, a1) -> "C2_2(" ^ string_of_int a0 ^ "," ^ ("[" ^ String.concat ";" (List.map (fun x1 -> string_of_int x1) a1) ^ "]") ^ ")"
type r0 = { mutable r0_f0 : int; r0_f1 : char; r0_f2 : t2 }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_int v.r0_f0 ^ ";" ^ "r0_f1=" ^ String.make 1 v.r0_f1 ^ ";" ^ "r0_f2=" ^ show_t2 v.r0_f2 ^ "}"
exception E0 of int
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g2 : t0 * string = (C0_0, (string_of_bool false))
let f3 (x4 : t0) : int -> char -> string =
  (if true then (raise (Exit)) else (fun (a5 : int) (a6 : char) -> "c "))
let f7 (x8 : t1) (x9 : int option) (x10 : bool) : r0 =
  { r0_f0 = (((-3) / ((-206) lor 1)) - (String.length "")); r0_f1 = 'g'; r0_f2 = (let (v11 : t1) = C1_0 in C2_1) }
let f12 (x13 : bool list) (x14 : string) (x15 : int * bool) : char =
  'h'
let f16 (x17 : string * bool) (x18 : string) : int * char =
  (3, 'h')
let f19 (x20 : bool) (x21 : bool list) (x22 : r0) : r0 =
  { x22 with r0_f1 = (let s25 = (String.init (9 land 7) (fun (i23 : int) -> 'Y')) in if String.length s25 = 0 then 'z' else s25.[((let (v24 : t1) = C1_0 in 5) land max_int) mod String.length s25]) }
let () =
  (try
  (let (w26 : t0 option) = (Some (C0_2 (9))) in print_string ((match w26 with None -> "None" | Some x27 -> "Some(" ^ show_t0 x27 ^ ")")); print_char '\n');
  let (v28 : int) = (try int_of_string "eeb" with Failure _ -> 2) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (let (w29 : char list option) = (Some (match (Char.code 'W') with | (-1) when (try true with | Exit -> true | Failure m30 -> true | Exit -> false | ex31 -> print_string "reraise "; raise ex31) -> (match { r0_f0 = (-794); r0_f1 = ']'; r0_f2 = (C2_2 ((-3), [(-3)])) } with | { r0_f2 = C2_0; _ } -> [] | p32 when false -> [] | p33 -> ['f'] | p34 -> [] | _ -> []) | (-1) -> (let (v35 : string -> string -> string) = (fun (a36 : string) (a37 : string) -> "ceada") in ['d'; 'a'; '\\']) | 1 -> (match C0_3 with | (C0_1 (_)) when true -> ['d'; 'f'] | _ -> ['a'; 'd'; 'e']) | _ -> ['e'])) in print_string ((match w29 with None -> "None" | Some x38 -> "Some(" ^ ("[" ^ String.concat ";" (List.map (fun x39 -> String.make 1 x39) x38) ^ "]") ^ ")")); print_char '\n');
  (let (w40 : int) = (try 7 with | Failure m41 -> (8446841380 - ((-2) * (-3))) | Exit -> (match 'f' with | 'a' -> (try 2 with | Failure m42 -> (-182) | ex43 -> print_string "reraise "; raise ex43) | _ -> 10) | Failure m44 -> ((lnot 11) + (match (-2) with | (-1) -> 3 | p45 -> p45 | 5 -> 11 | _ -> 3 | _ -> 12)) | _ -> 4) in print_string (string_of_int w40); print_char '\n');
  let (v46 : string) = ((match 11 with | p47 -> (f3 (C0_1 (p47)) 8 'h') | (-2) -> "d\ndcae" | _ -> "\219G") ^ (if (false && true) then (failwith (String.init (12 land 7) (fun (i48 : int) -> 'h'))) else (String.concat "c" ["beac"; "bdaed"; "\necbd"]))) in (if false then (let (w49 : r0) = { r0_f0 = 4611686018427387902; r0_f1 = (if (true && true) then 'Q' else (match false with | p50 -> 'P' | false -> '\n' | true -> 'X' | false -> '\009' | _ -> '\'')); r0_f2 = (C2_2 ((max 5 8), (List.map (fun (x51 : int list) -> 4) [[8]; [10; 8]; [5]]))) } in print_string (show_r0 w49); print_char '\n'));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
