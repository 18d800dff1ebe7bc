exception E0
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g1 : int option = ((fun (a2 : int) -> (if true then (Some 10) else None)) (6 - (-3)))
let g3 : int ref = (ref (10 * 0))
let f4 (x5 : bool) (x6 : int list) (x7 : int) : int =
  (match ((try int_of_string "c\\db\237" with Failure _ -> 4611686018427387903) + (-3)) with | (-2) -> 12 | 3 -> ((for i8 = (-1) to 1 do ((print_endline (string_of_bool true)); (g3 := (lnot x7))) done); (if (x5 && x5) then (print_endline "ca")); (try 2 with | Failure m9 -> (-2) | Exit -> x7 | ex10 -> print_string "reraise "; raise ex10)) | 4 -> ((try x7 with | E0 -> 11 | Exit -> 734 | ex11 -> print_string "reraise "; raise ex11) - (10 - x7)) | _ -> x7)
let f12 (x13 : char option) : string =
  (Printf.sprintf "%-3s%s%i" "ccaa" ((Printf.sprintf "%-3s" "ceb") ^ "bc") 829)
let f14 (x15 : int) (x16 : int list) : int =
  (String.length (if (try false with | Exit -> false | Not_found -> false) then "deac" else "da"))
let () =
  (try
  (print_endline (f12 None));
  (if true then (Printf.printf "%c %d%c" ((fun (a17 : string list) -> 'f') (((fun (a18 : string) -> "aaca") "1\217bbe") :: (match ("ba", g1) with | ("ec%", (Some 0)) when true -> [""; "ee\020"; "b eeac"] | _ -> ["acaa\\"; "e%\ncc"]))) (let (v19 : int) = ((match false with | true -> (-3) | p20 -> 0 | _ -> (-3)) * (max (-1) 9)) in ((if false then v19 else v19) * (succ 12))) (Char.chr ((match (List.fold_left (fun (acc21 : int) (x22 : int list) -> acc21) 0 [[]; [7; 9; 4]; []]) with | (-1) -> (5 + 0) | _ -> 10 | _ -> (f4 true [] 0)) land 255))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (if ((try (f14 6 [1099511627776; 2]) with | Failure m23 -> (let (v24 : int ref) = g3 in (print_newline ()); (let (w25 : char * string) = ('g', m23) in print_string ((let (p26, p27) = w25 in "(" ^ String.make 1 p26 ^ "," ^ ("\"" ^ p27 ^ "\"") ^ ")")); print_char '\n'); (-2)) | E0 -> (4611686018427387903 * 5) | ex28 -> print_string "reraise "; raise ex28) > (let (v29 : char) = '\n' in ((print_string "e\152bc"); (print_int 4; print_char ' '); (for i30 = 0 to 6 do ((let (w31 : string) = "b" in print_string (("\"" ^ w31 ^ "\"")); print_char '\n')) done); 530321332966))) then (print_newline ()));
  let (v32 : int -> int) = (f4 ((true || true) || (6 >= 12)) [0; 2; 3]) in let (v33 : int ref) = (ref (try (let c34 = 11 in let c35 = 5 in compare c34 c35) with | E0 -> (match (Some true) with | (Some true) -> 2 | (Some false) when false -> 7 | _ -> 9) | Invalid_argument m36 -> (try (-943520631593) mod 4 with Division_by_zero -> 8) | Division_by_zero -> (List.fold_left (fun (acc37 : int) (x38 : bool list) -> (-2)) 3 []))) in let (v39 : char list) = ('c' :: []) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_int (Char.code 'a'); print_char ' ');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_char (if true then 'b' else 'b'));
  (let (w40 : (int * char) * int option) = (match (f14 (-2) (List.init (7 land 7) (fun (i41 : int) -> i41))) with | 0 when (List.mem 3 [(-3); 8; 5]) -> ((5, 'E'), (Some 9)) | 0 when (List.mem (List.map (fun (x42 : int) -> x42) [4]) (List.filter (fun (x43 : int list) -> true) [])) -> (try ((0, 'a'), None) with | Not_found -> (((-430), '\n'), g1) | E0 -> ((1, 'e'), g1) | _ -> (match 4611686018427387902 with | p44 -> ((8, 'c'), None) | _ -> ((0, '|'), (Some 180534138769)))) | ((-2) as q45) when (not (try false with | Invalid_argument m46 -> false | Division_by_zero -> true)) -> ((q45, 'f'), None) | _ -> (match None with | (Some ('a' .. 'm')) -> ((2, 'b'), g1) | _ -> ((969969400819, 'e'), (Some 3)))) in print_string ((let (p47, p48) = w40 in "(" ^ (let (p49, p50) = p47 in "(" ^ string_of_int p49 ^ "," ^ String.make 1 p50 ^ ")") ^ "," ^ (match p48 with None -> "None" | Some x51 -> "Some(" ^ string_of_int x51 ^ ")") ^ ")")); print_char '\n');
  (print_endline ((match (String.make (7 land 7) 'e') with | "cb" when (not false) -> (try String.sub "\230a" (643 land 7) ((-1) land 7) with Invalid_argument m -> m) | _ when (let (v52 : int) = (-3) in true) -> "ccccc\\" | _ -> (match 3 with | p53 when true -> "b\012" | (-2) -> "b" | 5 -> "" | 2 -> "eaa" | _ -> "ec")) ^ ((let (v54 : int ref) = (ref 4611686018427387902) in (Printf.printf "%+d%c%d" 8 ' ' (-2)); "bcaeee") ^ (String.make (4 land 7) 'c'))));
  (for i55 = 2 to 6 do ((let (w56 : (string * int) list) = (try (try (("", i55) :: []) with | Invalid_argument m57 -> ([("", (-1)); (m57, 6); ("bd  cc", (-1))] @ [(m57, 8); (m57, i55); ("", i55)]) | _ -> ([("cbabb\202", i55); ("edbdea", i55)] @ [("", i55)])) with | Division_by_zero -> (List.sort compare ([] @ [("%\013bcbc", (-699)); ("", 3); ("%cbdca", i55)])) | _ -> (List.map (fun (x58 : bool) -> ("a ", i55)) (true :: []))) in print_string (("[" ^ String.concat ";" (List.map (fun x59 -> (let (p60, p61) = x59 in "(" ^ ("\"" ^ p60 ^ "\"") ^ "," ^ string_of_int p61 ^ ")")) w56) ^ "]")); print_char '\n')) done);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (let (w62 : int) = ((let (v63 : int list) = [11; 966469604992; 4611686018427387902] in 7) * 1099511627776) in print_string (string_of_int w62); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () = raise Not_found
