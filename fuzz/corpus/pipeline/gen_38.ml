type t0 = C0_0 | C0_1 of int * int
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0, a1) -> "C0_1(" ^ string_of_int a0 ^ "," ^ string_of_int a1 ^ ")"
type t1 = C1_0 | C1_1 of char list
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> String.make 1 x1) a0) ^ "]") ^ ")"
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
let g2 : char = (let s3 = "c\248acd" in if String.length s3 = 0 then 'z' else s3.[((Char.code 'O') land max_int) mod String.length s3])
let rec r4 (n5 : int) (acc6 : int) : int =
  if n5 = 0 then acc6 else r4 (n5 - 1) (acc6 lxor (n5 lor n5))
let () =
  (try
  Printf.printf "r4 %d\n" (r4 44878 0);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let rec r7 (n8 : int) (acc9 : int) : int =
  if n8 = 0 then acc9 else r7 (n8 - 1) (acc9 lxor (acc9 land n8))
let () =
  (try
  Printf.printf "r7 %d\n" (r7 11310 0);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (for i10 = 3 to 4 do ((print_newline ()); (for i11 = 0 downto 0 do ((ignore g2); (print_int (fst (match (match None with | None -> [] | (None | (Some false)) -> [] | _ -> [[false; false]; [true]; [false]]) with | [(false :: [true])] -> (let (v12 : char ref) = (ref g2) in (let (w13 : char) = 'c' in print_string (String.make 1 w13); print_char '\n'); let (v14 : t0 ref) = (ref C0_0) in ((-750225854868), 10)) | _ -> (i11, i11))); print_char ' ')) done)) done);
  (List.iter (fun (x15 : t0) -> (let (w16 : int) = ((print_char g2); let (v17 : bool) = false in 240) in print_string (string_of_int w16); print_char '\n')) (List.rev (((let (w18 : bool) = false in print_string (string_of_bool w18); print_char '\n'); (print_char g2); let (v19 : int ref) = (ref 1) in C0_0) :: [])));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (Printf.printf "%5s%B" "baa" (((if true then 796982633275 else 5) < (try 2 with | Division_by_zero -> (-3) | E0 (e20) -> (-950))) || (try true with | Exit -> (1 < 10) | ex21 -> print_string "reraise "; raise ex21)));
  let (v22 : t0) = (C0_1 (((String.iter (fun c -> print_char c) "c\"bd"); (Char.code g2)), ((6 - (-1)) + (-1)))) in (print_newline ());
  (print_newline ());
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (Printf.printf "%%%c%+d%s\n" 'a' (-3) "a ");
  (Printf.printf "%d%-3s\n" (lnot (List.length ((fun (a23 : int) -> ["\nbdb"]) 4611686018427387903))) "daec");
  (let c24 = ref 5 in while !c24 > 0 do decr c24; ((print_endline ((match ((fun (a25 : char list) -> [[8; 4]; [11; 1]]) [g2; g2; '\\']) with | (((-2) :: _) :: [[]]) when true -> (String.make (0 land 7) g2) | [] when true -> (match 8 with | (-1) -> "" | 1 when false -> "cda" | _ -> "eac%b") | _ -> "") ^ (let (v26 : char -> bool) = (fun (a27 : char) -> false) in "dabe")))) done);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (let (w28 : bool) = ((print_char 'a'); let (v29 : int ref) = ((fun (a30 : int) -> (ref a30)) 4) in ((let c31 = (-2) in let c32 = 4 in compare c31 c32) >= 5)) in print_string (string_of_bool w28); print_char '\n');
  (let (w33 : int) = (String.length (String.concat (Printf.sprintf "%d" 4611686018427387903) (try ["adbe"; "bad"] with | Invalid_argument m34 -> [m34] | ex35 -> print_string "reraise "; raise ex35))) in print_string (string_of_int w33); print_char '\n');
  (print_newline ());
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (Printf.printf "|%5s|%5s" "\026aa" ("e\252a" ^ ""));
  (print_endline "ea\na");
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
