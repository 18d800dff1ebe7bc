exception E0 of int
exception E1
exception E2 of string * int
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | E1 -> "E1"
  | E2 (a0, a1) -> "E2(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g1 : char list = (List.init ((1 * 7) land 7) (fun (i2 : int) -> (Char.chr (i2 land 255))))
let g3 : string = "debb"
let f4 (x5 : bool) (x6 : int list) : int =
  (min 9 (if ((print_int (-63); print_char ' '); let (v7 : int list ref) = (ref x6) in false) then (-1) else (match 9 with | (-1) -> 1 | 4 -> 4611686018427387902 | (-1) when false -> 11 | (-1) -> (-791368279665) | _ -> 12)))
let rec r8 (n9 : int) : int list =
  if n9 = 0 then [] else (n9 lor 4611686018427387902) :: r8 (n9 - 1)
let () =
  (try
  (let l = r8 4978 in Printf.printf "r8 %d %d\n" (List.length l) (List.fold_left (fun a b -> a * 31 + b) 0 (List.map (fun x -> x land 1023) l)));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let rec r11 (n12 : int) : int list =
  if n12 = 0 then [] else ((-131) * n12) :: r11 (n12 - 1)
let () =
  (try
  (let l = r11 3986 in Printf.printf "r11 %d %d\n" (List.length l) (List.fold_left (fun a b -> a * 31 + b) 0 (List.map (fun x -> x land 1023) l)));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (Printf.printf "%-3s" g3);
  (ignore (match (try (Some '\221') with | E0 (e14) -> (Some 'R') | E2 (e15, e16) -> (Some 'a')) with | (Some p17) -> (match p17 with | _ -> (List.map (fun (x18 : int * char) -> true) []) | 'c' -> (let (v19 : int ref) = (ref 0) in let (v20 : bool -> int) = (fun (a21 : bool) -> 2) in [true; true]) | _ -> [false; true; true]) | _ -> (try ([] @ [true; true; true]) with | Failure m22 -> (let (v23 : int) = 0 in []) | ex24 -> print_string "reraise "; raise ex24)));
  (let c25 = ref 3 in while !c25 > 0 do decr c25; ((ignore 5)) done);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (let c26 = ref 6 in while !c26 > 0 do decr c26; ((let (w27 : int) = (min 2 (-3)) in print_string (string_of_int w27); print_char '\n'); (let c28 = ref 3 in while !c28 > 0 do decr c28; ((Printf.printf "%d|%6b<%d\n" (if ((fun (a29 : bool list) -> true) []) then ((try (-2) with | E2 (e30, e31) -> e31 | _ -> 9) * (Char.code '\196')) else (try (match true with | true -> 0 | p32 when p32 -> (-3) | _ when true -> 741905850153 | p33 -> 0 | _ -> 7) with | Failure m34 -> (List.fold_left (fun (acc35 : int) (x36 : int) -> 5) 11 [(-2)]) | Exit -> ((-11646288393) land 429545220671) | Failure m37 -> 1)) (match (if (not true) then (match 4 with | 3 -> g1 | p38 -> ['h'; '\011'; 'h'] | (_ as q39) when false -> g1 | _ -> []) else ['\006'; 'e']) with | _ when ((if true then 108 else (-3)) <> 4) -> (not (not true)) | _ -> ((try 634414606778 with | E1 -> 4611686018427387902) <= 255490787393)) 1)) done)) done);
  let (v40 : int) = (10 + (match (1 * 5) with | ((5 as q42) as q41) when (match (-1) with | _ -> true | (-1) when false -> true | 5 when false -> true | (-1) when false -> false | _ -> false) -> (if false then 214 else q42) | 2 -> (abs 5) | _ -> 2)) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let f43 (x44 : bool) (x45 : char) (x46 : int list) : string list =
  (List.init (((let (v48 : bool) = true in 10) - (12 lor (-1))) land 7) (fun (i47 : int) -> (String.init (12 land 7) (fun (i49 : int) -> (if true then x45 else 'g')))))
let () =
  (try
  (ignore (if ((3 + 10) > ((let (w50 : bool option option) = (Some None) in print_string ((match w50 with None -> "None" | Some x51 -> "Some(" ^ (match x51 with None -> "None" | Some x52 -> "Some(" ^ string_of_bool x52 ^ ")") ^ ")")); print_char '\n'); (String.iter (fun c -> print_char c) g3); (print_char '\n'); 4)) then (raise (E0 (((match 8 with | p53 -> p53 | _ when true -> (-3) | (-1) -> (-1) | _ -> 3) * (if true then 3 else 0))))) else (Some 117)));
  let (v54 : bool) = false in let (v55 : int -> int) = (fun (a56 : int) -> (try a56 with | Exit -> (fst (a56, 9)) | _ -> (if true then (-3) else a56))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_char 'h');
  let (v57 : int ref) = (try ((Printf.printf "%s\n" g3); (List.iter (fun (x58 : char) -> (let (w59 : int) = (match 6 with | (-2) when false -> 6 | p60 -> p60 | 1 -> 12 | _ -> 6 | _ -> 558) in print_string (string_of_int w59); print_char '\n')) (let (v61 : int) = 5 in g1)); (print_endline (try g3 with | Division_by_zero -> g3 | _ -> g3)); (ref 12)) with | Invalid_argument m62 -> (ref (match 4611686018427387902 with | (-2) when false -> 10 | _ -> 5 | _ -> 0))) in (Printf.printf "<%d%%%B" (-2) (match [] with | (4 :: []) -> (List.mem (Some 5) ((fun (a63 : int * int) -> []) (0, 10))) | _ -> (10 <= (fst (1, 10)))));
  (ignore ((6 - (let c64 = None in let c65 = None in compare c64 c65)) * 0));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v66 : char) = ((print_int (let (v67 : int) = 931497969597 in (try (-274368192697) with | Failure m68 -> (-1) | Not_found -> v67 | E0 (e69) -> v67 | _ -> v67)); print_char ' '); '"') in (print_char 'h');
  (if (List.for_all (fun (x70 : int) -> ((if true then (invalid_arg g3) else x70) < x70)) ([] @ ((-1) :: [8]))) then (if ((fun (a71 : string) -> (match (List.for_all (fun (x72 : int) -> false) [10; 0; 4]) with | true -> (let (v73 : char) = v66 in false) | _ -> ((-104) < 10))) (let (v74 : int) = (match 939 with | (3 | 5) when false -> (-463105306517) | p75 -> p75 | (-1) when true -> 10 | _ -> 6) in (try g3 with | Not_found -> "d" | ex76 -> print_string "reraise "; raise ex76))) then (let (w77 : int * int) = (8, 11) in print_string ((let (p78, p79) = w77 in "(" ^ string_of_int p78 ^ "," ^ string_of_int p79 ^ ")")); print_char '\n')));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
