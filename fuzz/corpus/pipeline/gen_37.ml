exception E0
exception E1 of int
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
  | E1 (a0) -> "E1(" ^ string_of_int a0 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g1 : int = ((print_int (try (-2) with | Not_found -> (-1) | Invalid_argument m2 -> (-655445253172) | E1 (e3) -> (-1) | ex4 -> print_string "reraise "; raise ex4); print_char ' '); (try int_of_string ("+" ^ string_of_int (abs 4) ^ "") with Failure _ -> (-3)))
let f5 (x6 : int) (x7 : int) : int list =
  []
let f8 (x9 : int) : char option =
  (Some (if ((-529) <= g1) then (let s10 = "cc" in if String.length s10 = 0 then 'z' else s10.[(x9 land max_int) mod String.length s10]) else 'd'))
let () =
  (try
  (let (w11 : int) = (if ((String.init (g1 land 7) (fun (i12 : int) -> 'h')) <> "") then ((3 - 4) mod ((try g1 with | Exit -> g1 | ex13 -> print_string "reraise "; raise ex13) lor 1)) else g1) in print_string (string_of_int w11); print_char '\n');
  let (v14 : bool ref) = (let (v15 : int ref) = (ref (let (v16 : int) = 1099511627776 in g1)) in (ref ((fun (a17 : int) -> false) g1))) in let (v18 : int) = (match (if false then (try g1 with | Not_found -> 2 | E0 -> g1 | ex19 -> print_string "reraise "; raise ex19) else (match '\009' with | ' ' -> g1 | ('a' .. 'm') when true -> g1 | _ -> g1)) with | 0 -> (try int_of_string (match [g1; g1; g1] with | ((3 | _) :: p20) -> "ac" | p21 -> "ce" | _ when false -> "da" | ((-1) :: []) -> "%" | _ -> " \na") with Failure _ -> 2) | (-1) -> ((-1) - (12 lor g1)) | _ -> (try 12 with | Division_by_zero -> (try (-2) with | Division_by_zero -> g1 | Division_by_zero -> g1))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v22 : int ref) = (ref ((fun (a23 : char) -> (try g1 / 4 with Division_by_zero -> (-3))) (let s24 = "baddcc" in if String.length s24 = 0 then 'z' else s24.[(g1 land max_int) mod String.length s24]))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_char '\\');
  let (v25 : int ref) = (ref (((fun (a26 : int) -> a26) g1) * (let (v27 : int list) = [] in g1))) in (for i28 = 2 to 1 do ((List.iter (fun (x29 : bool) -> (print_newline ())) [(true || (false && true))])) done);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (for i30 = 3 to 7 do ((Printf.printf "%b\n" (match (Some true) with | None -> (match (Some 'g') with | _ -> (match (["c\170"; "ed"; "bdedd"], false) with | p31 -> false | _ -> true | ((p33, true) as q32) when true -> false | (([] as q34), (true as q35)) -> q35 | _ -> false) | ((Some ('a' .. 'm')) | None) when true -> ((fun (a36 : char) -> true) 'b') | (Some 'c') -> (g1 <> 9) | (Some 'e') when (List.mem g1 [i30; 53103293590; 2]) -> (false || false) | _ -> false) | None when true -> (((fun (a37 : bool list) -> i30) [false; true]) < g1) | None -> ((let (v38 : int) = g1 in 12) = (lnot i30)) | None -> ((i30 * g1) <> (i30 + 786)) | _ -> ((List.for_all (fun (x39 : int) -> true) []) && true))); (ignore (let (v40 : char) = 'b' in None))) done);
  (Printf.printf "%i\n" (succ (if (match [] with | [] -> false | p41 when true -> false | _ -> false | [] -> false | _ -> false) then (413924039843 lor g1) else (String.length "ea"))));
  (print_endline (String.init (g1 land 7) (fun (i42 : int) -> 'f')));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v43 : int list ref) = (ref (f5 g1 881)) in (for i44 = 3 to 4 do ((ignore (if true then (raise (E1 ((if true then (invalid_arg (Printf.sprintf "<%s %6b" "\133cZa" true)) else (i44 asr (g1 land 63)))))) else (let (v45 : char) = (match (-1) with | 5 -> 'T' | ((-2) as q46) -> 'g' | p47 when true -> 'c' | _ -> 'm') in i44)))) done);
  let (v48 : int -> int -> int) = (fun (a49 : int) (a50 : int) -> (Char.code (match true with | p51 when p51 -> 'c' | _ -> 'b'))) in (List.iter (fun (x52 : int) -> (let (w53 : int) = (602370051136 + 12) in print_string (string_of_int w53); print_char '\n')) (if ((false || false) && false) then (raise (E1 ((match 124110953052 with | (-1) when (if false then false else false) -> (List.length [['g'; 'd'; 'c']; ['h'; 'G'; 'h']; ['c'; 'h'; 'h']]) | p54 -> g1 | (0 | 0) when (if false then false else false) -> 7 | 3 -> (try int_of_string "deeeac" with Failure _ -> 6) | _ -> (8 * 5))))) else (List.filter (fun (x55 : int) -> (true && false)) (List.map (fun (x56 : char list) -> g1) [[]; ['\237'; '"'; 'f']; ['g'; 'd'; 'P']]))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v57 : int ref) = (ref 0) in (print_newline ());
  let (v58 : int ref) = (ref (try int_of_string ("0b1" ^ string_of_int (abs g1) ^ "z") with Failure _ -> 488081057952)) in let (v59 : int) = (g1 lor ((try int_of_string ("-" ^ string_of_int (abs g1) ^ "z") with Failure _ -> 144) * (String.length ""))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () = failwith "the end"
