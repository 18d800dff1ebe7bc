type t0 = C0_0 | C0_1 | C0_2 of t0 * int | C0_3 of int * bool option | C0_4 of int * int
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 -> "C0_1"
  | C0_2 (a0, a1) -> "C0_2(" ^ show_t0 a0 ^ "," ^ string_of_int a1 ^ ")"
  | C0_3 (a0, a1) -> "C0_3(" ^ string_of_int a0 ^ "," ^ (match a1 with None -> "None" | Some x1 -> "Some(" ^ string_of_bool x1 ^ ")") ^ ")"
  | C0_4 (a0, a1) -> "C0_4(" ^ string_of_int a0 ^ "," ^ string_of_int a1 ^ ")"
type t1 = C1_0 | C1_1 of (int * string) | C1_2 of int list
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ (let (p2, p3) = a0 in "(" ^ string_of_int p2 ^ "," ^ ("\"" ^ p3 ^ "\"") ^ ")") ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ ("[" ^ String.concat ";" (List.map (fun x4 -> string_of_int x4) a0) ^ "]") ^ ")"
exception E0 of int
exception E1
exception E2
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | E1 -> "E1"
  | E2 -> "E2"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g5 : int ref = (ref (let c6 = false in let c7 = false in compare c6 c7))
let f8 (x9 : int) : int * bool =
  (let (v10 : int) = ((max 6 10) - x9) in (x9, (let (v11 : char option) = None in false)))
let f12 (x13 : t1) (x14 : bool list) (x15 : bool option) : int list =
  [(String.length ("" ^ "cba"))]
let () =
  (g5 := 4);
  (incr g5);
  let (v16 : int ref) = (ref 6) in let (v17 : int ref) = (ref (String.length (match 11 with | 3 -> "abb" | 3 when true -> "dceeba" | _ -> "\\d"))) in print_string "--\n"
let () =
  (let (w18 : int list) = ((match (if true then 4611686018427387903 else 6) with | (p20 as q19) -> (f12 (C1_2 ([p20])) [] (Some false)) | _ -> (List.map (fun (x21 : int option) -> 8) [(Some (-781))])) @ [11; (-2)]) in print_string (("[" ^ String.concat ";" (List.map (fun x22 -> string_of_int x22) w18) ^ "]")); print_char '\n');
  print_string "--\n"
let () =
  let (v23 : int) = ((match (f12 C1_0 [false; true] None) with | _ when false -> (5 + (-562254851297)) | _ -> (4 mod (5 lor 1))) + ((1 + 1) land (match ((Some 'a'), ("b", "\\")) with | ((Some 'c'), ((_, "") as q24)) -> 0 | (((Some 'b'), ("eddem", "a")) | (None, ("da", "eb|a"))) when false -> 321505177819 | _ -> 3))) in (let (w25 : t0) = C0_0 in print_string (show_t0 w25); print_char '\n');
  (let c26 = ref 1 in while !c26 > 0 do decr c26; ((Printf.printf "x=%d%d%-3s\n" (match (let (v27 : int -> char) = (match v23 with | 0 when true -> (fun (a28 : int) -> 'd') | p29 -> (fun (a30 : int) -> ' ') | (p32 as q31) -> (fun (a33 : int) -> 'a') | 5 when false -> (fun (a34 : int) -> 'g') | _ -> (fun (a35 : int) -> 'g')) in (let (v36 : char) = 'e' in "d\"eaad")) with | _ -> (let (v37 : char ref) = (ref '7') in (List.iter (fun (x38 : char) -> (let (w39 : string) = "bcda%a" in print_string (("\"" ^ w39 ^ "\"")); print_char '\n')) ['a'; 'h'; 'd']); (let (v40 : int ref) = (ref v23) in (print_endline "b\207ae"); v23)) | "baa" when false -> (((-1) - v23) - (let (v41 : t1) = (C1_2 ([])) in 6)) | "dcab" -> v23 | _ -> ((fun (a42 : int list) -> (let c43 = a42 in let c44 = a42 in compare c43 c44)) (List.rev []))) ((fun (a45 : int option) -> 6) (Some (9 * v23))) (if ((String.length "cbece") <> 496399233922) then "dd" else "\247bd")); (print_newline ())) done);
  print_string "--\n"
let () =
  (ignore ((print_endline (let (v46 : string) = "e\"\"d" in v46)); (print_string (String.init ((match false with | true -> 7 | _ -> 3 | false -> 2 | _ -> 0) land 7) (fun (i47 : int) -> 'a'))); (let (v48 : int list) = [6] in (List.sort (fun a b -> compare b a) v48))));
  (ignore (if (match (4 - 2) with | _ -> (3 <= (-2)) | (-2) -> (List.for_all (fun (x49 : t1) -> false) [(C1_1 ((4611686018427387902, "ucbb\191"))); (C1_1 ((3, "%a"))); C1_0]) | _ -> (let (v50 : int -> int) = (fun (a51 : int) -> (-4611686018427387904)) in true)) then 'a' else (match (Some "bdad%") with | (Some "ccdba") -> '\\' | _ -> '\238')));
  (print_string (string_of_int 12));
  print_string "--\n"
let () =
  (let (w52 : (int * string) list) = ((for i53 = 8 downto 2 do ((print_newline ())) done); (List.iter (fun (x54 : t0) -> (let (w55 : t0 option) = (Some (C0_4 (4611686018427387903, 9))) in print_string ((match w55 with None -> "None" | Some x56 -> "Some(" ^ show_t0 x56 ^ ")")); print_char '\n')) ((fun (a57 : t0) -> ([a57; a57] @ [a57])) C0_0)); (List.rev (List.init (4 land 7) (fun (i58 : int) -> (i58, "da"))))) in print_string (("[" ^ String.concat ";" (List.map (fun x59 -> (let (p60, p61) = x59 in "(" ^ string_of_int p60 ^ "," ^ ("\"" ^ p61 ^ "\"") ^ ")")) w52) ^ "]")); print_char '\n');
  (ignore (true, "e"));
  (g5 := 84);
  print_string "--\n"
let () =
  (let c62 = ref 4 in while !c62 > 0 do decr c62; ((print_int 10; print_char ' '); (let (w63 : string) = (String.init (((-697876422204) / ((abs 3) lor 1)) land 7) (fun (i64 : int) -> '\160')) in print_string (("\"" ^ w63 ^ "\"")); print_char '\n')) done);
  print_string "--\n"
