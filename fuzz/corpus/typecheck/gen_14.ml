type t0 = C0_0 | C0_1 of t0 list | C0_2 of t0 list | C0_3 of t0 list | C0_4 of int
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
  | C0_2 (a0) -> "C0_2(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> show_t0 x2) a0) ^ "]") ^ ")"
  | C0_3 (a0) -> "C0_3(" ^ ("[" ^ String.concat ";" (List.map (fun x3 -> show_t0 x3) a0) ^ "]") ^ ")"
  | C0_4 (a0) -> "C0_4(" ^ string_of_int a0 ^ ")"
type t1 = C1_0 | C1_1 of int list | C1_2 of char | C1_3 of t1 list
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ ("[" ^ String.concat ";" (List.map (fun x4 -> string_of_int x4) a0) ^ "]") ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ String.make 1 a0 ^ ")"
  | C1_3 (a0) -> "C1_3(" ^ ("[" ^ String.concat ";" (List.map (fun x5 -> show_t1 x5) a0) ^ "]") ^ ")"
exception E0 of int
exception E1 of int
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | E1 (a0) -> "E1(" ^ string_of_int a0 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g6 : int = (try ((-526364919001) * (-2)) with | Failure m7 -> (try 3 with | Invalid_argument m8 -> 11 | Exit -> 6))
let g9 : t0 = (C0_3 (((for i10 = 1 downto (-1) do ((print_newline ()); (ignore 'g')) done); (let (w11 : int list list) = [] in print_string (("[" ^ String.concat ";" (List.map (fun x12 -> ("[" ^ String.concat ";" (List.map (fun x13 -> string_of_int x13) x12) ^ "]")) w11) ^ "]")); print_char '\n'); let (v14 : int -> char -> int) = (fun (a15 : int) (a16 : char) -> g6) in [C0_0; C0_0; C0_0])))
let g17 : string list option = (Some [])
let f18 (x19 : bool) (x20 : t1) : string -> string =
  (let (v21 : string option) = (Some "") in (fun (a22 : string) -> a22))
let f23 (x24 : int -> int -> int) : int =
  (try (-561257149704) with | Not_found -> (pred (x24 g6 g6)) | E1 (e25) -> (-287) | ex26 -> print_string "reraise "; raise ex26)
let rec r27 (n28 : int) : int =
  if n28 <= 0 then (-55) else let x30 = r27 (n28 - 1) in (x30 + ((-1) land g6))
let () =
  (try
  Printf.printf "r27 %d\n" (r27 7649);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let f31 (x32 : string) (x33 : string list) : string =
  (if true then ("bee" ^ (match ['\009'; 'e'] with | ['a'] -> "ded" | _ -> x32)) else (String.init (((fun (a35 : char) -> g6) 'g') land 7) (fun (i34 : int) -> (match 8 with | (-1) -> 'g' | _ -> 'g'))))
let () =
  (try
  (print_char ((fun (a36 : char list) -> '\188') []));
  (ignore true);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_endline (String.init ((match (try int_of_string "aa" with Failure _ -> 3) with | 2 -> (match true with | true when false -> g6 | p38 -> g6 | true -> g6 | _ -> g6) | 1 when (List.exists (fun (x39 : string list) -> false) []) -> g6 | 1 -> (g6 + g6) | 0 -> (match [None; None] with | [] -> g6 | (((Some _) :: [(Some "a\\a")]) | ([] | [])) -> g6 | _ -> 608035198230) | _ -> (g6 lxor g6)) land 7) (fun (i37 : int) -> (let s40 = (f31 "" ["acd"; "d"]) in if String.length s40 = 0 then 'z' else s40.[((List.length []) land max_int) mod String.length s40]))));
  (let (w41 : t1) = (C1_2 ((let (v42 : int ref) = (if true then (invalid_arg "de") else (ref 0)) in let (v43 : bool list ref) = (ref [true; true; true]) in (let s44 = "aaa" in if String.length s44 = 0 then 'z' else s44.[(12 land max_int) mod String.length s44])))) in print_string (show_t1 w41); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
