type t0 = C0_0 | C0_1 of t0 list
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
type t1 = C1_0 | C1_1 of char list | C1_2 of char list
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> String.make 1 x2) a0) ^ "]") ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ ("[" ^ String.concat ";" (List.map (fun x3 -> String.make 1 x3) a0) ^ "]") ^ ")"
type t2 = C2_0 | C2_1 | C2_2 of t2 * int | C2_3 of string
let rec show_t2 (v : t2) : string = match v with
  | C2_0 -> "C2_0"
  | C2_1 -> "C2_1"
  | C2_2 (a0, a1) -> "C2_2(" ^ show_t2 a0 ^ "," ^ string_of_int a1 ^ ")"
  | C2_3 (a0) -> "C2_3(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
type r0 = { mutable r0_f0 : int; r0_f1 : int; r0_f2 : string }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_int v.r0_f0 ^ ";" ^ "r0_f1=" ^ string_of_int v.r0_f1 ^ ";" ^ "r0_f2=" ^ ("\"" ^ v.r0_f2 ^ "\"") ^ "}"
type r1 = { r1_f0 : string; mutable r1_f1 : string }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ ("\"" ^ v.r1_f0 ^ "\"") ^ ";" ^ "r1_f1=" ^ ("\"" ^ v.r1_f1 ^ "\"") ^ "}"
exception E0 of string
exception E1 of string * int
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | E1 (a0, a1) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g4 : bool option list = []
let g5 : r0 = { r0_f0 = (match "e" with | "Qbbe" -> 1056971770190 | "ecce " -> (-1) | ("c\n\181a" as q6) -> 6 | "djde" -> 10 | _ -> (-1)); r0_f1 = (if true then 7 else 9); r0_f2 = ((let c7 = ref 4 in while !c7 > 0 do decr c7; ((ignore (fun (a8 : int) (a9 : int) -> 'f')); (print_char 'f')) done); (let c10 = ref 0 in while !c10 > 0 do decr c10; ((print_char 'd')) done); "e\\F\017a") }
let g11 : int ref = (try ((fun (a12 : char option) -> (ref (-236845790260))) (Some 'a')) with | Division_by_zero -> (let (v13 : bool) = true in (ref (-3))) | Invalid_argument m14 -> (ref 7) | Exit -> (ref 9) | _ -> (ref 5))
let f15 (x16 : bool) (x17 : r1) (x18 : int list) : bool list =
  (if x16 then (match ((fun (a19 : t1) -> "bcb") (C1_2 (['h']))) with | "eee" -> (if false then [] else [x16]) | _ -> (try [] with | Exit -> [] | Not_found -> [])) else (match { r0_f0 = 2; r0_f1 = 12; r0_f2 = "dbabe\238" } with | { r0_f1 = (-1); _ } -> [x16; false; x16] | { r0_f2 = "a"; _ } -> (match C2_0 with | C2_0 -> [x16] | ((C2_2 (C2_1, (-2))) | (C2_2 ((C2_3 ("aadeba")), 4))) -> [false] | _ when x16 -> [x16; x16] | C2_0 -> [false; x16; x16] | _ -> [false; x16]) | _ -> (match "a c\179" with | "b" -> [] | (_ as q20) when true -> [] | "" -> [] | "" -> [false; x16] | _ -> [x16])))
let () =
  (try
  let (v21 : int ref) = (ref 2) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let rec r22 (n23 : int) : int list =
  if n23 = 0 then [] else (n23 lor n23) :: r22 (n23 - 1)
let () =
  (try
  (let l = r22 6263 in Printf.printf "r22 %d %d\n" (List.length l) (List.fold_left (fun a b -> a * 31 + b) 0 (List.map (fun x -> x land 1023) l)));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_int ((fun (a25 : bool) -> (Char.code (let s26 = "ceeeca" in if String.length s26 = 0 then 'z' else s26.[(12 land max_int) mod String.length s26]))) (try (List.exists (fun (x27 : string) -> false) ["d"; "d"; ""]) with | Exit -> (List.for_all (fun (x28 : int) -> true) [2; 315105454512; (-2)]) | Exit -> (false || true) | Failure m29 -> (837118220784 >= 2))); print_char ' ');
  (Printf.printf "x=%c\n" (if (try (if true then true else true) with | E0 (e30) -> false | Exit -> (List.mem (-854440644477) [722826484380; (-4611686018427387904); 0])) then (raise (E1 ((try String.sub ((print_int 11; print_char ' '); (g5.r0_f0 <- 4); "\"a\\c") (((-486015014686) + 2) land 7) ((match { r0_f0 = (-3); r0_f1 = (-3); r0_f2 = "dcbe" } with | { r0_f0 = _; _ } -> 3 | (_ as q31) when false -> 505069957334 | _ -> 5) land 7) with Invalid_argument m -> m), ((9 * 0) - (List.fold_left (fun (acc32 : int) (x33 : string list) -> acc32) 12 []))))) else ((print_char 'f'); '"')));
  (let (w34 : int) = ((g5.r0_f0) + (8 asr ((-282897773600) land 63))) in print_string (string_of_int w34); print_char '\n');
  let (v35 : int ref) = (ref (match (try C2_0 with | Not_found -> C2_0 | ex36 -> print_string "reraise "; raise ex36) with | p37 -> ((-3) + 12) | _ -> (pred 4) | _ -> (String.length "") | _ -> ((-803497828234) lxor 11))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
