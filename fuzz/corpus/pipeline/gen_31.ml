exception E0 of string * int
exception E1 of string
let show_exn (e : exn) : string = match e with
  | E0 (a0, a1) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | E1 (a0) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g1 : int = (List.fold_left (fun (acc2 : int) (x3 : int) -> x3) (fst (8, None)) [0; 8; 4])
let f4 (x5 : int) : bool -> bool -> char =
  ((print_char 'e'); (print_string (match 'b' with | p6 -> (Printf.sprintf "%d%B" (-3) false) | _ when ((fun (a7 : int) -> true) g1) -> "ddeec" | ('a' .. 'm') -> ("ccdc" ^ "ebbcc") | _ -> ("ca" ^ "dcc"))); (fun (a8 : bool) (a9 : bool) -> 'A'))
let rec r10 (n11 : int) : int list =
  if n11 = 0 then [] else (g1 - n11) :: r10 (n11 - 1)
let () =
  (try
  (let l = r10 4115 in Printf.printf "r10 %d %d\n" (List.length l) (List.fold_left (fun a b -> a * 31 + b) 0 (List.map (fun x -> x land 1023) l)));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let f13 (x14 : bool -> char) (x15 : char list) (x16 : string) : int * int =
  ((match (5 lxor 921296679142) with | 5 -> (if true then (-4611686018427387904) else g1) | 2 -> (let (v17 : char list) = x15 in g1) | _ when (256 > (-3)) -> (g1 - 6) | _ -> ((for i18 = (-2) to (-3) do ((print_int 1; print_char ' ')) done); g1)), (if (try false with | Failure m19 -> false | Exit -> true | Not_found -> true) then (g1 * g1) else (fst (g1, true))))
let f20 (x21 : char -> bool -> bool) : char =
  'd'
let f22 (x23 : int option) (x24 : int) (x25 : bool -> string -> int) : char =
  'a'
let () =
  (try
  (let c26 = ref 1 in while !c26 > 0 do decr c26; ((print_newline ())) done);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (if true then (let (w27 : int) = g1 in print_string (string_of_int w27); print_char '\n'));
  (print_int ((try (g1 + 1) with | E0 (e28, e29) -> e29 | E1 (e30) -> (g1 + (-700)) | ex31 -> print_string "reraise "; raise ex31) - g1); print_char ' ');
  (let (w32 : int) = (match (try (Some false) with | Invalid_argument m33 -> (let (v34 : int) = 5 in None) | ex35 -> print_string "reraise "; raise ex35) with | (Some true) when ((-3) <> (fst (g1, ('D', 'b')))) -> g1 | _ when (List.exists (fun (x36 : int option) -> ((if true then (let c37 = ref 5 in while !c37 > 0 do decr c37; ((print_char 'g')) done)); let (v38 : string ref) = (ref "ab ") in (ignore g1); true)) []) -> (match (try (Some '"') with | E1 (e39) -> (Some 'c')) with | p40 -> (succ g1) | (_ as q41) -> (if true then 608 else (-2)) | _ -> ((fun (a42 : int) -> 3) g1)) | _ -> (match (g1 + (-562)) with | 2 -> (let (v43 : char option) = (Some 'e') in 6) | _ -> ((-1) + g1))) in print_string (string_of_int w32); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v44 : int) = g1 in (ignore (fun (a45 : int) (a46 : char) -> ((String.init (v44 land 7) (fun (i47 : int) -> a46)) ^ "aeeade")));
  (ignore (fun (a48 : int) -> ((String.iter (fun c -> print_char c) ("\"adce" ^ "aba ")); let (v49 : char list ref) = (ref ['a']) in (v49 := ('\n' :: [])); (let s50 = "edaed" in if String.length s50 = 0 then 'z' else s50.[((-2) land max_int) mod String.length s50]))));
  let (v51 : string list ref) = (ref []) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v52 : int ref) = (ref (g1 * ((for i53 = 0 to (-1) do ((let (w54 : int) = i53 in print_string (string_of_int w54); print_char '\n'); (print_newline ())) done); g1))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v55 : int ref) = (ref 2) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
