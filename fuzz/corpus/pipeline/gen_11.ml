type t0 = C0_0 | C0_1 of int * char list | C0_2 of t0 list
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0, a1) -> "C0_1(" ^ string_of_int a0 ^ "," ^ ("[" ^ String.concat ";" (List.map (fun x1 -> String.make 1 x1) a1) ^ "]") ^ ")"
  | C0_2 (a0) -> "C0_2(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> show_t0 x2) a0) ^ "]") ^ ")"
type t1 = C1_0 | C1_1 of t1 list | C1_2 of int | C1_3
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ ("[" ^ String.concat ";" (List.map (fun x3 -> show_t1 x3) a0) ^ "]") ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ string_of_int a0 ^ ")"
  | C1_3 -> "C1_3"
type t2 = C2_0 | C2_1 of t2 list | C2_2 of int option
let rec show_t2 (v : t2) : string = match v with
  | C2_0 -> "C2_0"
  | C2_1 (a0) -> "C2_1(" ^ ("[" ^ String.concat ";" (List.map (fun x4 -> show_t2 x4) a0) ^ "]") ^ ")"
  | C2_2 (a0) -> "C2_2(" ^ (match a0 with None -> "None" | Some x5 -> "Some(" ^ string_of_int x5 ^ ")") ^ ")"
type r0 = { mutable r0_f0 : string list }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ ("[" ^ String.concat ";" (List.map (fun x6 -> ("\"" ^ x6 ^ "\"")) v.r0_f0) ^ "]") ^ "}"
type r1 = { mutable r1_f0 : char * int }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ (let (p7, p8) = v.r1_f0 in "(" ^ String.make 1 p7 ^ "," ^ string_of_int p8 ^ ")") ^ "}"
exception E0 of string
exception E1 of string
exception E2 of string * int
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | E1 (a0) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | E2 (a0, a1) -> "E2(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let f9 (x10 : int list) : char option =
  (Some 'h')
let f11 (x12 : r1) (x13 : bool * char) (x14 : char * bool) : bool list =
  (List.rev (try [false; true] with | Exit -> (try [false; true] with | Invalid_argument m15 -> [false] | Not_found -> [] | E0 (e16) -> [] | _ -> []) | Failure m17 -> (match { r0_f0 = [m17; m17] } with | ({ r0_f0 = ["ceba"]; _ } as q18) -> [false; false] | _ -> [true; false; true])))
let f19 (x20 : bool) (x21 : char) : bool =
  x20
let () =
  (try
  (let c22 = ref 4 in while !c22 > 0 do decr c22; ((Printf.printf "%cx=%c" (Char.chr ((9 - (-151)) land 255)) '\016'); (print_string "cdaV")) done);
  let (v23 : t1) = (match [] with | [] -> (let (v24 : char) = (let s25 = "aedc\232" in if String.length s25 = 0 then 'z' else s25.[(0 land max_int) mod String.length s25]) in (let c26 = ref 6 in while !c26 > 0 do decr c26; ((ignore (8 * (-1)))) done); C1_0) | _ -> (C1_2 (((Printf.printf "%i\n" 2); (print_string "b\"ab"); (print_endline "\028"); 6)))) in (print_char 'h');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v27 : int ref) = (ref (List.length ([C1_3] @ []))) in (Printf.printf "%d%5s\n" (let c36 = (try String.get (try "c\187dbca" with | Failure m28 -> m28 | E1 (e29) -> "ccead" | Failure m30 -> "ba" | ex31 -> print_string "reraise "; raise ex31) (let c32 = 4 in let c33 = 4 in compare c32 c33) with Invalid_argument _ -> '?') in let c37 = (let s35 = (string_of_bool false) in if String.length s35 = 0 then 'z' else s35.[((List.length [[]]) land max_int) mod String.length s35]) in compare c36 c37) ((match [false; false] with | ((false :: [false]) | (false :: [true])) -> ((v27 := 8); (for i38 = 3 to 6 do ((String.iter (fun c -> print_char c) "eeac")) done); "dae\250ac") | p39 -> "c" | [false] -> (String.concat "%ceae" []) | (false :: _) when true -> (match C2_0 with | p40 -> "\189" | p41 -> "dca" | _ -> "cbabb") | _ -> ("d\027ea" ^ "bdbacc")) ^ "cd\030\"ba"));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_endline "ceabdd");
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v42 : bool) = (List.for_all (fun (x43 : t0) -> (f19 (f19 false '\'') 'f')) ((for i44 = 3 downto (-2) do ((String.iter (fun c -> print_char c) (String.make (i44 land 7) 'd')); (let (w45 : t0) = (C0_1 (i44, ['f'])) in print_string (show_t0 w45); print_char '\n')) done); (print_endline (match 9 with | 5 when false -> "\213dbbc\212" | _ -> "eaaaa" | (-2) -> "dbad\141" | _ when false -> "d2e" | _ -> "aa\\abc")); (match "deb" with | "d" when false -> [] | "beec" when false -> [] | _ -> []))) in (Printf.printf " %d %03d" 73 482016218941);
  let (v46 : int ref) = (let (v47 : bool) = (match { r0_f0 = ["%"; "ae"; "a b/\197"] } with | p48 -> (false && v42) | { r0_f0 = (["%d"] as q49); _ } -> ({ r0_f0 = q49 } >= { r0_f0 = [] }) | p50 when (f19 v42 'f') -> v42 | _ -> (let (v51 : int * bool) = ((-2), v42) in false)) in (match { r1_f0 = ('e', 9) } with | p52 -> (let (v53 : int list) = [10; 6] in (ref 906)) | { r1_f0 = (p54, 5); _ } -> (ref 5) | _ -> (ref 4611686018427387902))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () = prerr_string "stderr text\n"; exit 0
