type r0 = { r0_f0 : bool; mutable r0_f1 : int; mutable r0_f2 : bool }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_bool v.r0_f0 ^ ";" ^ "r0_f1=" ^ string_of_int v.r0_f1 ^ ";" ^ "r0_f2=" ^ string_of_bool v.r0_f2 ^ "}"
type r1 = { r1_f0 : char; r1_f1 : string list }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ String.make 1 v.r1_f0 ^ ";" ^ "r1_f1=" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> ("\"" ^ x1 ^ "\"")) v.r1_f1) ^ "]") ^ "}"
exception E0
exception E1 of string * int
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
  | E1 (a0, a1) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g2 : int ref = (ref (-3))
let f3 (x4 : int) (x5 : int) : char =
  (try (Char.chr ((match 'f' with | p6 when false -> x4 | _ -> x4) land 255)) with | Division_by_zero -> (match (if true then "ac" else "\n") with | "aa\186da" -> 'g' | "\\\"" -> '\'' | _ -> (match [x4] with | p7 when false -> 'G' | _ -> 'e')))
let f8 (x9 : bool) (x10 : bool) : r0 =
  { r0_f0 = (((print_int 1; print_char ' '); let (v11 : int list ref) = (ref []) in x10) && (List.mem 6 [])); r0_f1 = (fst ((-748), [4; 10])); r0_f2 = ((let (v12 : char) = 'Q' in 2) <> ((for i13 = 0 to 2 do ((let (w14 : string) = "eecebc" in print_string (("\"" ^ w14 ^ "\"")); print_char '\n')) done); 10)) }
let f15 (x16 : string) : char * int =
  ('d', 4)
let f17 (x18 : bool) : int =
  ((abs (String.length "db")) - (List.length [(true, 'c')]))
let () =
  (try
  (print_string "");
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let rec r19 (n20 : int) (acc21 : int) : int =
  if n20 <= 0 then acc21 else r22 (n20 - 1) (acc21 + (acc21 land acc21))
and r22 (n20 : int) (acc21 : int) : int =
  if n20 <= 0 then acc21 * 2 else r19 (n20 - 1) (acc21 lxor (10 - n20))
let () =
  (try
  Printf.printf "r19 %d\n" (r19 43897 1);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v23 : int ref) = g2 in (incr v23);
  (print_newline ());
  (let c24 = ref 4 in while !c24 > 0 do decr c24; ((String.iter (fun c -> print_char c) (String.init (((fun (a26 : char) -> (try 8 with | Failure m27 -> 11 | _ -> 8)) '\184') land 7) (fun (i25 : int) -> (match false with | false -> (try String.get "aada\173" i25 with Invalid_argument _ -> '?') | true -> 'a' | _ -> (Char.chr (i25 land 255)))))); (String.iter (fun c -> print_char c) (Printf.sprintf "|%c" '\''))) done);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v29 : string) = "c" in (let (w30 : int list) = (let (v31 : int) = (-1) in (if true then (let (w32 : int list * char) = (let (v33 : int list) = (List.rev [10]) in (v33, '\\')) in print_string ((let (p34, p35) = w32 in "(" ^ ("[" ^ String.concat ";" (List.map (fun x36 -> string_of_int x36) p34) ^ "]") ^ "," ^ String.make 1 p35 ^ ")")); print_char '\n')); (print_endline "cabb\016"); (match (List.rev [v31; 0; v31]) with | (2 :: _) -> ((fun (a37 : int list) -> [v31; (-749)]) [v31; v31; 692128260169]) | _ -> [v31; v31])) in print_string (("[" ^ String.concat ";" (List.map (fun x38 -> string_of_int x38) w30) ^ "]")); print_char '\n');
  (print_string (if (not (List.for_all (fun (x39 : string) -> false) ["[edc"; v29; v29])) then (if false then ("\\c" ^ v29) else ((for i40 = 0 to 1 do ((for i41 = 1 downto (-1) do ((print_newline ())) done); (if true then (print_endline "ab\031ea"))) done); (print_endline "dbe\"ca"); "c")) else (if (match { r0_f0 = false; r0_f1 = 2; r0_f2 = false } with | ({ r0_f2 = true; _ } | { r0_f0 = _; _ }) when true -> true | { r0_f1 = 4; _ } when false -> true | _ -> false) then (v29 ^ v29) else ((fun (a42 : int) -> "da\"") 134))));
  (ignore { r1_f0 = (Char.chr (5 land 255)); r1_f1 = (let (v43 : char) = (Char.chr (7 land 255)) in ((fun (a44 : bool) -> []) true)) });
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v45 : int) = (fst ((try int_of_string ("+" ^ string_of_int (abs 2) ^ "z") with Failure _ -> 12), ((fun (a46 : int) -> (Some 'c')) 9))) in (print_endline (if ((match ((true, 'f'), false) with | ((_, p47), p48) when true -> false | _ -> true | _ -> false) || false) then (invalid_arg (String.concat (string_of_int v45) (List.init (v45 land 7) (fun (i49 : int) -> "eead")))) else ""));
  (let (w50 : string) = (string_of_int (try (String.length "ae") with | Invalid_argument m51 -> (v45 * 1099511627776) | E1 (e52, e53) -> (List.fold_left (fun (acc54 : int) (x55 : string) -> v45) 11 [e52; "c"]) | Exit -> 12 | ex56 -> print_string "reraise "; raise ex56)) in print_string (("\"" ^ w50 ^ "\"")); print_char '\n');
  (let (w57 : string) = (String.make ((fst (v45, v45)) land 7) 'a') in print_string (("\"" ^ w57 ^ "\"")); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (let (w58 : char) = 'e' in print_string (String.make 1 w58); print_char '\n');
  (ignore (let (v59 : bool * int) = (let (v60 : bool * int) = (true, 6) in (false, 779)) in ((List.mem 6 []), (match 6 with | _ -> 9 | (4 | _) -> 7 | _ -> 9 | _ -> 11))));
  (let (w61 : (char * int) list) = (let (v62 : int) = (f17 (List.for_all (fun (x63 : char) -> false) [])) in [('\129', 1099511627776); ('b', 11)]) in print_string (("[" ^ String.concat ";" (List.map (fun x64 -> (let (p65, p66) = x64 in "(" ^ String.make 1 p65 ^ "," ^ string_of_int p66 ^ ")")) w61) ^ "]")); print_char '\n');
  (print_int (max (let (v67 : char * char) = ('g', 'g') in (12 lsl ((-2) land 63))) (-2)); print_char ' ');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () = raise Not_found
