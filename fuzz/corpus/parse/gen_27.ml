type t0 = C0_0 | C0_1 of int * string | C0_2 | C0_3 of char
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0, a1) -> "C0_1(" ^ string_of_int a0 ^ "," ^ ("\"" ^ a1 ^ "\"") ^ ")"
  | C0_2 -> "C0_2"
  | C0_3 (a0) -> "C0_3(" ^ String.make 1 a0 ^ ")"
type t1 = C1_0 | C1_1 of t1 list | C1_2 of bool | C1_3 of t1 list
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t1 x1) a0) ^ "]") ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ string_of_bool a0 ^ ")"
  | C1_3 (a0) -> "C1_3(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> show_t1 x2) a0) ^ "]") ^ ")"
type r0 = { mutable r0_f0 : bool; r0_f1 : char; r0_f2 : char }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_bool v.r0_f0 ^ ";" ^ "r0_f1=" ^ String.make 1 v.r0_f1 ^ ";" ^ "r0_f2=" ^ String.make 1 v.r0_f2 ^ "}"
type r1 = { r1_f0 : string list }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ ("[" ^ String.concat ";" (List.map (fun x3 -> ("\"" ^ x3 ^ "\"")) v.r1_f0) ^ "]") ^ "}"
exception E0
exception E1 of string
exception E2 of int
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
  | E1 (a0) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | E2 (a0) -> "E2(" ^ string_of_int a0 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g4 : r1 = { r1_f0 = [] }
let f5 (x6 : int * int) (x7 : t0) (x8 : char list) : char list =
  (List.map (fun (x9 : string option) -> 'h') ((let (v10 : int ref) = (ref 9) in (print_int 7; print_char ' '); None) :: ((fun (a11 : int) -> [(Some "a"); None]) 7)))
let f12 (x13 : t0) (x14 : char) (x15 : int -> char -> bool) : t1 =
  C1_0
let rec r16 (n17 : int) (acc18 : int) : int =
  if n17 = 0 then acc18 else r16 (n17 - 1) (acc18 lxor (10 lxor acc18))
let () =
  Printf.printf "r16 %d\n" (r16 81689 0);
  print_string "--\n"
let () =
  let (v19 : int) = ((match (List.fold_left (fun (acc20 : int) (x21 : r0) -> (-4611686018427387904)) (-2) []) with | (_ as q22) when (9 > 9) -> (1 * 4) | (-1) -> (match (C1_2 (false)) with | (C1_3 ([])) when false -> (-429) | (C1_1 ([(C1_3 (_))])) when false -> (-1) | (C1_3 ([(C1_1 ([]))])) -> (-3) | (C1_3 (_)) -> 1 | _ -> 1043214436893) | (-1) -> ((-167) * 8) | _ -> ((-419) - 2)) - (match (match C1_0 with | (C1_3 (_)) -> (C1_2 (false)) | _ -> (C1_2 (false)) | C1_0 -> C1_0 | _ -> C1_0) with | _ -> (match true with | false -> (-55) | true -> 7 | true -> (-2) | _ when false -> (-725) | _ -> 3) | _ -> (match (Some 0) with | None -> (-931628878964) | _ -> 4611686018427387903))) in let (v23 : r0 ref) = (ref { r0_f0 = true; r0_f1 = 'd'; r0_f2 = 'N' }) in let (v24 : int list) = (let (v25 : char) = (let (v26 : int list) = (List.init (281961834788 land 7) (fun (i27 : int) -> v19)) in 'f') in (List.rev (List.map (fun (x28 : string) -> v19) ["d"; "b"; "eU"]))) in print_string "--\n"
let () =
  let (v29 : int list) = (match { r0_f0 = false; r0_f1 = 'f'; r0_f2 = '+' } with | { r0_f2 = p30; _ } -> (List.rev (List.map (fun (x31 : int) -> x31) [11; 4])) | _ when ((let c32 = ref 3 in while !c32 > 0 do decr c32; ((List.iter (fun (x33 : t0) -> (let (w34 : char list) = ((fun (a35 : int option) -> ['d']) (Some 6)) in print_string (("[" ^ String.concat ";" (List.map (fun x36 -> String.make 1 x36) w34) ^ "]")); print_char '\n')) []); (let (w37 : int) = (let (v38 : string) = "dpaeee" in 3) in print_string (string_of_int w37); print_char '\n')) done); (for i39 = (-1) to 0 do ((Printf.printf "<%d" i39); (let (w40 : int) = (-1) in print_string (string_of_int w40); print_char '\n')) done); (List.mem [11; (-1)] [[7; (-2); 7]])) -> [] | _ -> (match "3[" with | ("c %" as q41) -> ([] @ []) | _ -> (List.init (7 land 7) (fun (i42 : int) -> 11))) | p43 -> (List.init ((0 mod (5 lor 1)) land 7) (fun (i44 : int) -> i44)) | _ -> (if (4 = (-1091273653706)) then (List.init (1 land 7) (fun (i45 : int) -> i45)) else (List.filter (fun (x46 : int) -> false) [7; (-1)]))) in print_string "--\n"
let rec r47 (n48 : int) (acc49 : int) : int =
  if n48 = 0 then acc49 else r47 (n48 - 1) (acc49 lxor (acc49 lxor (-766)))
let () =
  Printf.printf "r47 %d\n" (r47 68959 0);
  print_string "--\n"
