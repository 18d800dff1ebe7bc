type t0 = C0_0 | C0_1 of t0 list | C0_2 | C0_3 of int * bool | C0_4 of bool list
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
  | C0_2 -> "C0_2"
  | C0_3 (a0, a1) -> "C0_3(" ^ string_of_int a0 ^ "," ^ string_of_bool a1 ^ ")"
  | C0_4 (a0) -> "C0_4(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> string_of_bool x2) a0) ^ "]") ^ ")"
type t1 = C1_0 | C1_1 of int * int | C1_2 of int * char list | C1_3 of t1 * int
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0, a1) -> "C1_1(" ^ string_of_int a0 ^ "," ^ string_of_int a1 ^ ")"
  | C1_2 (a0, a1) -> "C1_2(" ^ string_of_int a0 ^ "," ^ ("[" ^ String.concat ";" (List.map (fun x3 -> String.make 1 x3) a1) ^ "]") ^ ")"
  | C1_3 (a0, a1) -> "C1_3(" ^ show_t1 a0 ^ "," ^ string_of_int a1 ^ ")"
type r0 = { r0_f0 : char }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ String.make 1 v.r0_f0 ^ "}"
exception E0 of string
exception E1
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | E1 -> "E1"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g4 : bool = ((try 8 with | Exit -> 8 | Not_found -> 12 | Division_by_zero -> 0 | ex5 -> print_string "reraise "; raise ex5) > ((-514) * 5))
let f6 (x7 : int) (x8 : int) : bool =
  (not (try ([] = []) with | Invalid_argument m9 -> (try false with | Failure m10 -> g4 | ex11 -> print_string "reraise "; raise ex11) | Exit -> (g4 && g4) | Failure m12 -> (None < None)))
let f13 (x14 : int) (x15 : char) : t0 =
  C0_0
let () =
  (try
  (ignore (match (match (let (v16 : bool) = g4 in 546487633298) with | p17 -> "aea" | _ -> (String.make (12 land 7) 'g')) with | ("dbPab" | "d\\cd") -> ((string_of_bool g4), (12 * 562)) | "" -> ((let (v18 : int list) = [529499947597; (-3)] in "c"), 8) | "bc\ncc" -> (if ((fun (a19 : char) -> false) 'c') then (raise (Exit)) else ("b\"ada", 7)) | "ea" -> ("edeaac", (-2)) | _ -> (if (List.exists (fun (x20 : char option) -> g4) [(Some '\024')]) then (match 0 with | ((-2) as q21) when true -> ("c", q21) | _ when false -> ("e", 5) | 2 -> ("bec \"", 533905977853) | _ -> ("c d\170ea", 5)) else ("Odc", 796))));
  let (v22 : int list) = (List.map (fun (x23 : int list) -> 3) (match (string_of_bool true) with | _ -> (List.map (fun (x24 : bool) -> []) [g4; g4]) | "\201dcbbd" -> (match false with | false when g4 -> [[]; []] | false when g4 -> [] | _ when true -> [] | _ -> [[]]) | _ -> (match { r0_f0 = 'b' } with | { r0_f0 = ('a' .. 'm'); _ } -> [[121; (-47); 4]] | p25 when g4 -> [[]; []; [10; 7]] | _ -> []))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (List.iter (fun (x26 : int) -> (let (w27 : t0) = (match (Some C0_0) with | (Some C0_0) -> C0_2 | None when false -> C0_2 | _ -> (C0_4 ([]))) in print_string (show_t0 w27); print_char '\n')) (match C0_2 with | p28 -> [] | ((C0_4 ([true])) as q29) -> [] | (C0_3 (5, true)) -> [] | p30 -> (let (v31 : string * bool) = ("\\", true) in (List.filter (fun (x32 : int) -> false) [])) | _ -> (List.filter (fun (x33 : int) -> g4) [])));
  (print_int (if g4 then (12 land (10 + 6)) else 4); print_char ' ');
  (let (w34 : int) = (((match C1_0 with | C1_0 -> 11 | p35 -> 3 | (C1_2 (4, [p36])) -> 3 | _ -> (-4611686018427387904)) * (let (v37 : r0) = { r0_f0 = '\\' } in 797)) + (try int_of_string ("0b1" ^ string_of_int (abs (1098060049830 land 9)) ^ "z") with Failure _ -> (-2))) in print_string (string_of_int w34); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_endline ((fun (a38 : r0) -> ("eebd\nb" ^ (let (v39 : string ref) = (ref "a5ba") in (print_int (-2); print_char ' '); (let (w40 : int list list) = [] in print_string (("[" ^ String.concat ";" (List.map (fun x41 -> ("[" ^ String.concat ";" (List.map (fun x42 -> string_of_int x42) x41) ^ "]")) w40) ^ "]")); print_char '\n'); "ca\161a"))) { r0_f0 = 'e' }));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (ignore "e");
  (let (w43 : int * (char * string)) = (((1099511627776 - 7) + (succ 0)), ('h', "\"aba")) in print_string ((let (p44, p45) = w43 in "(" ^ string_of_int p44 ^ "," ^ (let (p46, p47) = p45 in "(" ^ String.make 1 p46 ^ "," ^ ("\"" ^ p47 ^ "\"") ^ ")") ^ ")")); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (List.iter (fun (x48 : bool) -> (print_char 'c')) (List.init ((-1) land 7) (fun (i49 : int) -> ((match C1_0 with | ((C1_1 (3, 5)) as q50) -> false | p51 when g4 -> g4 | _ -> false) && (false && false)))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
