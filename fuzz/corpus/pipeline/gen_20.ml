type t0 = C0_0 | C0_1 of t0 list
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
type t1 = C1_0 | C1_1 of t1 * int | C1_2 of int
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0, a1) -> "C1_1(" ^ show_t1 a0 ^ "," ^ string_of_int a1 ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ string_of_int a0 ^ ")"
type t2 = C2_0 | C2_1 of t2 * int | C2_2 of int
let rec show_t2 (v : t2) : string = match v with
  | C2_0 -> "C2_0"
  | C2_1 (a0, a1) -> "C2_1(" ^ show_t2 a0 ^ "," ^ string_of_int a1 ^ ")"
  | C2_2 (a0) -> "C2_2(" ^ string_of_int a0 ^ ")"
exception E0
exception E1
exception E2 of string
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
  | E1 -> "E1"
  | E2 (a0) -> "E2(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g2 : int = 3
let g3 : bool = (if (g2 > g2) then (not true) else ((fun (a4 : int * char) -> true) ((-7973560975), '\153')))
let g5 : int ref = (ref (g2 - g2))
let f6 (x7 : string) (x8 : t2) : string =
  ((fun (a9 : bool) -> (String.init ((match 'a' with | ('e' as q11) -> g2 | _ -> g2) land 7) (fun (i10 : int) -> 'g'))) g3)
let f12 (x13 : char) (x14 : t0) : string =
  "c"
let f15 (x16 : int) (x17 : t0) (x18 : string) : int =
  (match C1_0 with | (C1_2 (5)) -> (match (fst (g2, [g2; x16; 7])) with | (4 as q19) -> ((-4611686018427387904) - q19) | 1 -> ((fun (a20 : int) -> (-3)) g2) | 2 -> ((-865) + g2) | _ -> (List.length [])) | _ -> (lnot (!g5)))
let rec r21 (n22 : int) : int =
  if n22 <= 0 then n22 else let x24 = r21 (n22 - 1) in (x24 + (x24 lxor g2))
let () =
  (try
  Printf.printf "r21 %d\n" (r21 8801);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (let (w25 : int) = ((let c26 = ref 2 in while !c26 > 0 do decr c26; ((let (w27 : int) = g2 in print_string (string_of_int w27); print_char '\n')) done); (match (C2_2 (g2)) with | (((C2_1 (C2_0, 0)) | C2_0) | (C2_1 ((C2_1 (C2_0, _)), (-2)))) when (try g3 with | E1 -> true | Failure m28 -> g3 | Exit -> g3 | _ -> g3) -> (fst (g2, C1_0)) | (C2_1 (C2_0, (-1))) when (g2 < 9) -> (f15 7 C0_0 "ac") | _ -> (String.length "d\155edc"))) in print_string (string_of_int w25); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (let (w29 : int) = (-4611686018427387904) in print_string (string_of_int w29); print_char '\n');
  (print_char (match (try C2_0 with | Failure m30 -> (try (C2_2 (g2)) with | E1 -> (C2_2 (g2))) | ex31 -> print_string "reraise "; raise ex31) with | p32 -> 'b' | (C2_2 ((3 as q33))) -> '\000' | _ -> (if (let (v34 : t0) = C0_0 in g3) then (failwith (string_of_int g2)) else '\009')));
  let (v35 : char ref) = (match (match (if g3 then [g3] else [g3; g3]) with | [] when g3 -> (C0_1 ([C0_0; C0_0; C0_0])) | [] -> (try C0_0 with | Not_found -> C0_0 | Not_found -> C0_0 | _ -> C0_0) | _ -> C0_0 | _ -> C0_0) with | (p37 as q36) when (not (let (v38 : string ref) = (ref "c") in false)) -> (if (try g3 with | Exit -> g3 | E0 -> false) then (if g3 then (raise (Not_found)) else (ref 'c')) else (ref 'c')) | _ -> (if (None <= (Some 4611686018427387903)) then (ref '\n') else (match 12 with | 1 -> (ref 'b') | 1 -> (ref 'g') | 0 -> (ref 'e') | (-1) -> (ref 'd') | _ -> (ref 'g')))) in let (v39 : int ref) = (ref (let (v40 : int list) = ((fun (a41 : int) -> [g2; (-1); a41]) 10) in (let (v42 : int ref) = g5 in let (v43 : t2) = C2_0 in 10))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v44 : int ref) = (let (v45 : string -> string) = (fun (a46 : string) -> ((print_int g2; print_char ' '); (let (w47 : string) = a46 in print_string (("\"" ^ w47 ^ "\"")); print_char '\n'); "aaca")) in (ref (match (Some "") with | (Some "eeb") -> g2 | _ -> g2))) in (for i48 = 3 to 4 do ((if (false >= (let (v49 : bool * int) = ((fun (a50 : int) -> (true, a50)) g2) in (6 < 7))) then (let (w51 : char) = 'Y' in print_string (String.make 1 w51); print_char '\n'))) done);
  (print_char (try String.get (try String.sub ("eb" ^ "\220") ((List.fold_left (fun (acc52 : int) (x53 : int) -> 10) 6 []) land 7) ((5 * 5) land 7) with Invalid_argument m -> m) (fst (g2, g2)) with Invalid_argument _ -> '?'));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v55 : int ref) = ((fun (a56 : string) -> (ref (3 land 7))) (f6 (try String.sub "" (g2 land 7) (g2 land 7) with Invalid_argument m -> m) (C2_2 (g2)))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v57 : int -> bool) = (fun (a58 : int) -> g3) in (print_endline "d");
  let (v59 : int ref) = (ref (List.fold_left (fun (acc60 : int) (x61 : bool option) -> (acc60 + acc60)) (fst (g2, g2)) (let (v62 : int ref) = g5 in []))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
