type t0 = C0_0 | C0_1 of t0 * bool | C0_2 | C0_3 of t0 * bool | C0_4 of char
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0, a1) -> "C0_1(" ^ show_t0 a0 ^ "," ^ string_of_bool a1 ^ ")"
  | C0_2 -> "C0_2"
  | C0_3 (a0, a1) -> "C0_3(" ^ show_t0 a0 ^ "," ^ string_of_bool a1 ^ ")"
  | C0_4 (a0) -> "C0_4(" ^ String.make 1 a0 ^ ")"
type t1 = C1_0 | C1_1 of int | C1_2 of t1 list | C1_3 of int * string | C1_4 of bool
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ string_of_int a0 ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t1 x1) a0) ^ "]") ^ ")"
  | C1_3 (a0, a1) -> "C1_3(" ^ string_of_int a0 ^ "," ^ ("\"" ^ a1 ^ "\"") ^ ")"
  | C1_4 (a0) -> "C1_4(" ^ string_of_bool a0 ^ ")"
type t2 = C2_0 | C2_1 of t2 * char | C2_2 of int * int
let rec show_t2 (v : t2) : string = match v with
  | C2_0 -> "C2_0"
  | C2_1 (a0, a1) -> "C2_1(" ^ show_t2 a0 ^ "," ^ String.make 1 a1 ^ ")"
  | C2_2 (a0, a1) -> "C2_2(" ^ string_of_int a0 ^ "," ^ string_of_int a1 ^ ")"
type r0 = { r0_f0 : int; mutable r0_f1 : string; mutable r0_f2 : int * int }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_int v.r0_f0 ^ ";" ^ "r0_f1=" ^ ("\"" ^ v.r0_f1 ^ "\"") ^ ";" ^ "r0_f2=" ^ (let (p2, p3) = v.r0_f2 in "(" ^ string_of_int p2 ^ "," ^ string_of_int p3 ^ ")") ^ "}"
type r1 = { r1_f0 : t2; mutable r1_f1 : int }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ show_t2 v.r1_f0 ^ ";" ^ "r1_f1=" ^ string_of_int v.r1_f1 ^ "}"
exception E0 of string
exception E1 of int
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | E1 (a0) -> "E1(" ^ string_of_int a0 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g4 : int ref = ((let (w5 : t2) = (try C2_0 with | E1 (e6) -> (C2_2 (e6, 6)) | Not_found -> C2_0 | Failure m7 -> C2_0 | ex8 -> print_string "reraise "; raise ex8) in print_string (show_t2 w5); print_char '\n'); (print_int 7; print_char ' '); (print_char (Char.chr (12 land 255))); (try (ref 3) with | Division_by_zero -> (ref 5) | E1 (e9) -> (ref e9) | Not_found -> (ref 11) | _ -> (ref 0)))
let f10 (x11 : string) : string =
  (if true then (match "c\\\247" with | (_ | _) -> (let (v12 : string) = x11 in "ba") | _ -> (Printf.sprintf "%d" 2)) else ((print_endline ("" ^ x11)); (string_of_int 4)))
let f13 (x14 : bool option) : char option =
  ((let (w15 : string) = (try String.sub ("fbdcbd" ^ "%eda") (9 land 7) ((String.length "dedaad") land 7) with Invalid_argument m -> m) in print_string (("\"" ^ w15 ^ "\"")); print_char '\n'); (match true with | p16 -> (if p16 then (Some 'd') else (Some 'h')) | _ -> (Some 'h')))
let () =
  (try
  let (v17 : r0 ref) = (ref { r0_f0 = 790; r0_f1 = "bbc\243be"; r0_f2 = (5, 5) }) in (print_string ((let (v18 : char option) = ((fun (a19 : t1) -> None) (C1_1 (6))) in (if false then (invalid_arg "eccdb") else "")) ^ (string_of_int (- 11))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (List.iter (fun (x20 : char) -> (print_newline ())) [(Char.chr ((11 land 11) land 255)); (Char.chr ((String.length "ccd") land 255)); 'g']);
  let (v21 : int option ref) = (ref (let (v22 : bool list) = [] in (Some 0))) in (print_string (String.concat (string_of_int (1 / (0 lor 1))) [(match C2_0 with | p23 -> "" | (C2_1 ((C2_2 (1, 3)), _)) when true -> "cbdb" | p24 -> "bddea" | C2_0 -> "" | _ -> "ec\n"); (String.make (532 land 7) '\n')]));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (for i25 = 1 to 2 do ((g4 := i25); (let c26 = ref 2 in while !c26 > 0 do decr c26; ((print_endline ((fun (a27 : bool) -> (String.init ((i25 mod (4611686018427387902 lor 1)) land 7) (fun (i28 : int) -> (try String.get "cbdce" i28 with Invalid_argument _ -> '?')))) false))) done)) done);
  let (v30 : int option) = (match ({ r1_f0 = C2_0; r1_f1 = 11 } :: (match '"' with | _ -> [] | _ -> [{ r1_f0 = C2_0; r1_f1 = 5 }; { r1_f0 = (C2_2 (3, 1)); r1_f1 = 7 }; { r1_f0 = (C2_2 (240053674532, 12)); r1_f1 = 6 }])) with | [{ r1_f0 = C2_0; _ }] -> (Some (7 asr (3 land 63))) | [] -> (let (v31 : int list) = (try [(-3)] with | Division_by_zero -> [1; 3] | E1 (e32) -> []) in (if true then (let (w33 : r0 * r1) = ((fun (a34 : char) -> ({ r0_f0 = 10; r0_f1 = "e"; r0_f2 = (9, 3) }, { r1_f0 = (C2_2 (6, 4)); r1_f1 = 7 })) 'V') in print_string ((let (p35, p36) = w33 in "(" ^ show_r0 p35 ^ "," ^ show_r1 p36 ^ ")")); print_char '\n')); (try (Some (-3)) with | Exit -> (Some (-549)) | Exit -> (Some (-4611686018427387904)) | ex37 -> print_string "reraise "; raise ex37)) | [] -> None | _ -> (Some (try int_of_string ("-" ^ string_of_int (abs (-2)) ^ "_0") with Failure _ -> 2))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_newline ());
  (print_string (try String.sub (match (List.map (fun (x38 : bool option) -> []) [(Some false); (Some true)]) with | ((true :: [false]) :: p39) -> ("c%" ^ "eb") | [] when (false && true) -> "cd" | _ -> (let (v40 : r0) = { r0_f0 = 4; r0_f1 = "dkcce%"; r0_f2 = (1, 10) } in "")) ((Char.code '\n') land 7) (3 land 7) with Invalid_argument m -> m));
  (let c41 = ref 2 in while !c41 > 0 do decr c41; ((for i42 = 1 to 1 do ((let (w43 : string) = (try String.sub (match (match i42 with | 5 when false -> (C1_1 (i42)) | (-1) -> (C1_3 ((-3), "ecdd")) | p44 -> (C1_4 (true)) | _ -> (C1_4 (true))) with | (C1_4 (true)) -> ("c%de" ^ "ab\224ccd") | (C1_2 ((_ as q45))) -> ((Printf.printf "%b" true); (Printf.printf "%i" 6); let (v46 : string) = "bcbed" in "c\143ae") | C1_0 -> ("dbbe" ^ "ebd\188d") | ((C1_3 (_, "\n")) | C1_0) -> ("abeb" ^ "abeca") | _ -> ("" ^ "0b\137\006d")) (1 land 7) (((let c47 = (-2) in let c48 = 1 in compare c47 c48) + (103 - 6)) land 7) with Invalid_argument m -> m) in print_string (("\"" ^ w43 ^ "\"")); print_char '\n'); (let (w49 : t2) = (C2_1 (C2_0, 'h')) in print_string (show_t2 w49); print_char '\n')) done); (let c50 = ref 6 in while !c50 > 0 do decr c50; ((let (w51 : t1) = C1_0 in print_string (show_t1 w51); print_char '\n')) done)) done);
  (print_char (match [] with | (p52 :: ([{ r0_f2 = _; _ }] as q53)) when (if (3 <= 9) then true else false) -> 'h' | _ -> 'b'));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (String.iter (fun c -> print_char c) "de");
  (Printf.printf "|%c\n" 'f');
  let (v54 : int ref) = (ref (max 4 ((-4611686018427387904) lor 0))) in let (v55 : int ref) = (ref (if ((fun (a56 : char) -> false) 'e') then (raise (Not_found)) else (10 + 0))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v57 : int ref) = (ref 189) in (decr g4);
  (let (w58 : int) = 7 in print_string (string_of_int w58); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () = failwith "the end"
