type t0 = C0_0 | C0_1 of int
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ string_of_int a0 ^ ")"
type r0 = { r0_f0 : t0; mutable r0_f1 : int list; r0_f2 : int list }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ show_t0 v.r0_f0 ^ ";" ^ "r0_f1=" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> string_of_int x1) v.r0_f1) ^ "]") ^ ";" ^ "r0_f2=" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> string_of_int x2) v.r0_f2) ^ "]") ^ "}"
exception E0 of int
exception E1 of string * int
exception E2 of string
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | E1 (a0, a1) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | E2 (a0) -> "E2(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let f3 (x4 : char list) (x5 : int * int) : char list =
  ('f' :: (List.filter (fun (x6 : char) -> true) ('"' :: ['b'; 'a'; 'h'])))
let rec r7 (n8 : int) (acc9 : int) : int =
  if n8 <= 0 then acc9 else r10 (n8 - 1) (acc9 + (acc9 land acc9))
and r10 (n8 : int) (acc9 : int) : int =
  if n8 <= 0 then acc9 * 2 else r7 (n8 - 1) (acc9 lxor (acc9 + acc9))
let () =
  Printf.printf "r7 %d\n" (r7 15291 1);
  print_string "--\n"
let rec r11 (n12 : int) (acc13 : int) : int =
  if n12 <= 0 then acc13 else r14 (n12 - 1) (acc13 + (n12 lxor (-3)))
and r14 (n12 : int) (acc13 : int) : int =
  if n12 <= 0 then acc13 * 2 else r11 (n12 - 1) (acc13 lxor (12 * 3))
let () =
  Printf.printf "r11 %d\n" (r11 62588 1);
  print_string "--\n"
let rec r15 (n16 : int) (acc17 : int) : int =
  if n16 = 0 then acc17 else r15 (n16 - 1) (acc17 lxor (n16 * acc17))
let () =
  Printf.printf "r15 %d\n" (r15 93849 0);
  print_string "--\n"
let () =
  (let c18 = ref 2 in while !c18 > 0 do decr c18; ((print_string "%\\da\n\""); (let (w19 : int) = (match C0_0 with | (C0_0 | (C0_1 ((-2)))) -> ((fun (a20 : bool) -> ((-3) land (-2))) true) | C0_0 -> ((let c21 = (C0_1 (7)) in let c22 = (C0_1 (1021258069181)) in compare c21 c22) - (-1)) | _ when (List.mem (if false then (-1) else 4611686018427387902) (List.map (fun (x23 : string) -> (-1)) [""])) -> (((Printf.printf "|%cx=%-3s%-3s\n" 'a' "\nc" "\254\\\185"); (List.iter (fun (x24 : string list) -> (print_string "ae e")) [[]; []; []]); 6) lxor (- 11)) | C0_0 -> (2 * (5 * (-1))) | _ -> (fst (2, 2))) in print_string (string_of_int w19); print_char '\n')) done);
  let (v25 : int) = (String.length (String.init (7 land 7) (fun (i26 : int) -> 'K'))) in print_string "--\n"
let () =
  (if false then (let (w27 : int list) = [(if (not false) then (String.length "db") else (9 + 11)); ((fst (10, (-1))) + (fst ((-2), 'b'))); (if (List.exists (fun (x28 : string) -> false) ["ebbbeb"; ""]) then (let (v29 : bool -> string) = (fun (a30 : bool) -> "]\\bbdc") in (-3)) else (-553426525724))] in print_string (("[" ^ String.concat ";" (List.map (fun x31 -> string_of_int x31) w27) ^ "]")); print_char '\n'));
  let (v32 : t0) = (C0_1 (739734416156)) in print_string "--\n"
let f33 (x34 : bool option) (x35 : bool list) : r0 =
  { r0_f0 = (match (match [] with | p36 -> { r0_f0 = (C0_1 (1099511627776)); r0_f1 = [(-1); 3]; r0_f2 = [9; (-3)] } | ((C0_1 (p37)) :: p38) -> { r0_f0 = C0_0; r0_f1 = []; r0_f2 = [p37; 5; 4611686018427387903] } | ([] | (_ | [])) when false -> { r0_f0 = C0_0; r0_f1 = [(-829528367570); (-369922926303)]; r0_f2 = [] } | _ -> { r0_f0 = C0_0; r0_f1 = []; r0_f2 = [2; (-190505560769)] }) with | (({ r0_f1 = [0]; _ } | { r0_f2 = []; _ }) | { r0_f0 = C0_0; _ }) -> (C0_1 (10)) | _ when (false && false) -> (C0_1 (9)) | _ -> C0_0); r0_f1 = [(-657988414251); (-1)]; r0_f2 = (List.sort (fun a b -> compare b a) (match false with | _ when true -> [2] | _ -> [(-1); 5; 4611686018427387902])) }
