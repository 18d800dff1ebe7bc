type t0 = C0_0 | C0_1 of string
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
type r0 = { r0_f0 : bool * int; r0_f1 : t0; r0_f2 : t0 }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ (let (p1, p2) = v.r0_f0 in "(" ^ string_of_bool p1 ^ "," ^ string_of_int p2 ^ ")") ^ ";" ^ "r0_f1=" ^ show_t0 v.r0_f1 ^ ";" ^ "r0_f2=" ^ show_t0 v.r0_f2 ^ "}"
exception E0 of string
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g3 : t0 = C0_0
let g4 : int = (match (match { r0_f0 = (false, (-300)); r0_f1 = g3; r0_f2 = g3 } with | { r0_f2 = ((C0_1 ("ddad")) | (C0_1 (""))); _ } -> ["db\236"] | { r0_f1 = C0_0; _ } -> [] | _ -> ["bdbeb"; "bbdd"; "\144d"] | _ -> []) with | ["ecc"] -> ((fun (a5 : int list) -> 2) [12; 3; (-2)]) | (p6 :: _) when (not true) -> (try 3 mod 3 with Division_by_zero -> 630) | [] -> (9 - 6) | ("" :: _) when (not false) -> (fst ((-1086949608113), ("a", "d"))) | _ -> (String.length "e\nbbc"))
let g7 : int ref = (ref g4)
let f8 (x9 : bool) : int =
  (try (if (List.for_all (fun (x10 : char) -> x9) ['b'; 'd']) then (g4 * g4) else (let (v11 : int) = g4 in g4)) with | Division_by_zero -> g4 | Exit -> (match { r0_f0 = (x9, 1); r0_f1 = (C0_1 ("a")); r0_f2 = g3 } with | { r0_f1 = (C0_0 | _); _ } -> (5 lsr (4 land 63)) | _ -> 8 | _ -> ((fun (a12 : r0) -> g4) { r0_f0 = (true, (-4611686018427387904)); r0_f1 = C0_0; r0_f2 = g3 })))
let rec r13 (n14 : int) (acc15 : int) : int =
  if n14 = 0 then acc15 else r13 (n14 - 1) (acc15 lxor (g4 * 10))
let () =
  (try
  Printf.printf "r13 %d\n" (r13 54977 0);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let f16 (x17 : t0) (x18 : bool) : string =
  (let (v19 : char list) = ('q' :: (if x18 then [] else ['h'; '"'; ' '])) in "a")
let f20 (x21 : int option) (x22 : bool list) (x23 : char list) : t0 =
  C0_0
let () =
  (try
  let (v24 : int ref) = (ref (let (v25 : t0 ref) = (ref g3) in 2)) in (let c26 = ref 6 in while !c26 > 0 do decr c26; ((ignore (fun (a27 : bool) -> 'e')); (print_char (let (v28 : int ref) = (ref 9) in (Printf.printf "<%6b%X\n" ((try g4 with | Failure m29 -> g4 | Division_by_zero -> 3 | Division_by_zero -> 0) < 3) (try int_of_string ("0o" ^ string_of_int (abs (try g4 / g4 with Division_by_zero -> 12)) ^ "") with Failure _ -> 6)); (for i30 = 2 downto (-2) do ((print_string (let (v31 : int ref) = g7 in (let (w32 : r0 list) = (List.init (1 land 7) (fun (i33 : int) -> { r0_f0 = (true, i30); r0_f1 = C0_0; r0_f2 = g3 })) in print_string (("[" ^ String.concat ";" (List.map (fun x34 -> show_r0 x34) w32) ^ "]")); print_char '\n'); let (v35 : bool) = true in (String.init (235 land 7) (fun (i36 : int) -> 'd'))))) done); 'b'))) done);
  (print_newline ());
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (ignore (if ((List.exists (fun (x37 : string option) -> true) [None; None]) && (2 = 8)) then (try true with | Invalid_argument m38 -> ((fun (a39 : string * bool) -> true) ("", false)) | ex40 -> print_string "reraise "; raise ex40) else false));
  (let (w41 : t0) = (if ((not true) || (List.exists (fun (x42 : int option) -> false) [(Some g4); None])) then g3 else (C0_1 (("caebb" ^ "b\205eed")))) in print_string (show_t0 w41); print_char '\n');
  (let (w43 : bool option list) = (((fun (a44 : int option) -> (Some true)) (if true then (raise (E0 ("deddab"))) else (Some g4))) :: ((if false then (Some false) else (Some true)) :: [])) in print_string (("[" ^ String.concat ";" (List.map (fun x45 -> (match x45 with None -> "None" | Some x46 -> "Some(" ^ string_of_bool x46 ^ ")")) w43) ^ "]")); print_char '\n');
  let (v47 : int) = (try (g4 * (- g4)) with | Exit -> ((if false then (raise (E0 ("c"))) else g4) - (try (-1) with | Not_found -> g4 | Failure m48 -> 5 | ex49 -> print_string "reraise "; raise ex49)) | Invalid_argument m50 -> ((try int_of_string ("0x" ^ string_of_int (abs g4) ^ "_0") with Failure _ -> 0) - g4)) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let rec r51 (n52 : int) (acc53 : int) : int =
  if n52 = 0 then acc53 else r51 (n52 - 1) (acc53 lxor (n52 asr (n52 land 63)))
let () =
  (try
  Printf.printf "r51 %d\n" (r51 46213 0);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v54 : int ref) = (ref (let (v55 : r0) = { r0_f0 = (false, g4); r0_f1 = g3; r0_f2 = g3 } in (f8 false))) in let (v56 : r0) = { r0_f0 = (false, g4); r0_f1 = (C0_1 ("d\\eeda")); r0_f2 = g3 } in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
