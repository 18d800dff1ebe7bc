type t0 = C0_0 | C0_1
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 -> "C0_1"
type t1 = C1_0 | C1_1 of int * bool list | C1_2
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0, a1) -> "C1_1(" ^ string_of_int a0 ^ "," ^ ("[" ^ String.concat ";" (List.map (fun x1 -> string_of_bool x1) a1) ^ "]") ^ ")"
  | C1_2 -> "C1_2"
type t2 = C2_0 | C2_1 | C2_2 of t2 list
let rec show_t2 (v : t2) : string = match v with
  | C2_0 -> "C2_0"
  | C2_1 -> "C2_1"
  | C2_2 (a0) -> "C2_2(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> show_t2 x2) a0) ^ "]") ^ ")"
type r0 = { r0_f0 : int; r0_f1 : int }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_int v.r0_f0 ^ ";" ^ "r0_f1=" ^ string_of_int v.r0_f1 ^ "}"
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
let g3 : char list * t2 = ((List.init (274423562712 land 7) (fun (i4 : int) -> 'g')), C2_0)
let g5 : r0 = { r0_f0 = (2 lxor 920); r0_f1 = (let (v6 : string -> int -> int) = (fun (a7 : string) (a8 : int) -> a8) in let (v9 : string -> bool) = (fun (a10 : string) -> false) in let (v11 : int ref) = (ref 4) in 10) }
let f12 (x13 : char list) (x14 : string) (x15 : int) : int =
  (5 - x15)
let () =
  (let (w16 : char) = (Char.chr ((match (false || true) with | false -> (match (Some []) with | (Some p17) -> 11 | _ -> 11) | true -> ((fun (a18 : char) -> 3) 'a') | (false as q19) -> 3 | _ -> ((-1) - 1)) land 255)) in print_string (String.make 1 w16); print_char '\n');
  let (v20 : int ref) = (ref 0) in let (v21 : char) = '|' in print_string "--\n"
let () =
  let (v22 : char list) = (List.sort (fun a b -> compare b a) ['b'; 'f']) in (for i23 = 1 downto 1 do ((if (List.for_all (fun (x24 : t1) -> true) [(C1_1 (i23, [false; false])); C1_2]) then (let c25 = ref 1 in while !c25 > 0 do decr c25; ((let (w26 : string option) = (Some "bceaac") in print_string ((match w26 with None -> "None" | Some x27 -> "Some(" ^ ("\"" ^ x27 ^ "\"") ^ ")")); print_char '\n'); (ignore ((Printf.sprintf "x=%-3s" (Printf.sprintf "%d" i23)) ^ "P"))) done))) done);
  let (v28 : string ref) = (ref (String.make (3 land 7) (match C0_0 with | C0_1 -> 'b' | C0_1 -> 'e' | _ -> 'a'))) in (print_endline (match (match ((for i29 = 1 to 0 do ((List.iter (fun (x30 : int * int) -> (let (w31 : t0) = C0_0 in print_string (show_t0 w31); print_char '\n')) [])) done); (if true then (if false then (let (w32 : r0) = { r0_f0 = (-358216522781); r0_f1 = (-1) } in print_string (show_r0 w32); print_char '\n'))); let (v33 : int ref) = (ref (-2)) in (-3)) with | 4 -> (Some '\\') | 3 -> (Some 'b') | _ -> (Some '\220')) with | (Some ('a' .. 'm')) when ((12 - 9) <> (let c34 = (-1) in let c35 = 0 in compare c34 c35)) -> "bb" | (Some ('a' .. 'm')) -> "e" | _ -> "b" | (Some (_ as q36)) -> (let (v37 : int ref) = (match C1_0 with | (C1_1 (2, p38)) when true -> (ref 11) | (C1_1 (_, p39)) -> (ref 3) | _ -> (ref (-1))) in (String.iter (fun c -> print_char c) (if false then "bca\\bc" else "a\n")); (print_string ((fun (a40 : bool list) -> "ed\"ecb") [true; true])); (match false with | true -> "" | p41 when p41 -> " b" | true when false -> "aec" | _ -> "")) | _ -> (string_of_int (List.length [false]))));
  print_string "--\n"
let () =
  (for i42 = 1 to 2 do ((print_int (List.fold_left (fun (acc43 : int) (x44 : int) -> (let (v45 : r0) = { r0_f0 = 9; r0_f1 = 3 } in (acc43 lor i42))) ((let (w46 : int) = (match 'g' with | _ -> i42 | p47 -> (-3) | p48 -> i42 | ('a' .. 'm') -> 12 | _ -> i42) in print_string (string_of_int w46); print_char '\n'); (let c49 = ref 3 in while !c49 > 0 do decr c49; ((if (not true) then (ignore (fun (a50 : char) -> i42))); (print_char (let s51 = "cae" in if String.length s51 = 0 then 'z' else s51.[(i42 land max_int) mod String.length s51]))) done); (let c52 = ref 2 in while !c52 > 0 do decr c52; ((print_newline ()); (let (w53 : string * bool) = ((if false then (if false then (let (w54 : string) = "a\"c" in print_string (("\"" ^ w54 ^ "\"")); print_char '\n'))); let (v55 : int ref) = (ref i42) in ("\"aec", true)) in print_string ((let (p56, p57) = w53 in "(" ^ ("\"" ^ p56 ^ "\"") ^ "," ^ string_of_bool p57 ^ ")")); print_char '\n')) done); (i42 lsl (i42 land 63))) (List.rev ([8] @ [i42; (-364)]))); print_char ' ')) done);
  (let (w58 : t0) = C0_1 in print_string (show_t0 w58); print_char '\n');
  print_string "--\n"
let () =
  (let c59 = ref 6 in while !c59 > 0 do decr c59; ((let (w60 : int) = (- (List.length (List.map (fun (x61 : string) -> (x61, true)) []))) in print_string (string_of_int w60); print_char '\n')) done);
  let (v62 : bool) = (8 >= ((7 * (-1)) - (if true then 11 else 74))) in print_string "--\n"
