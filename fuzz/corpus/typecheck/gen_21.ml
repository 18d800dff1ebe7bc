type r0 = { r0_f0 : int option }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ (match v.r0_f0 with None -> "None" | Some x1 -> "Some(" ^ string_of_int x1 ^ ")") ^ "}"
type r1 = { mutable r1_f0 : int option; mutable r1_f1 : string list; mutable r1_f2 : int }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ (match v.r1_f0 with None -> "None" | Some x2 -> "Some(" ^ string_of_int x2 ^ ")") ^ ";" ^ "r1_f1=" ^ ("[" ^ String.concat ";" (List.map (fun x3 -> ("\"" ^ x3 ^ "\"")) v.r1_f1) ^ "]") ^ ";" ^ "r1_f2=" ^ string_of_int v.r1_f2 ^ "}"
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
let g4 : int ref = (ref 7)
let g5 : int * int = (let (v6 : int) = (String.length "") in (v6, v6))
let rec r7 (n8 : int) : int list =
  if n8 = 0 then [] else (1 asr (n8 land 63)) :: r7 (n8 - 1)
let () =
  (let l = r7 892 in Printf.printf "r7 %d %d\n" (List.length l) (List.fold_left (fun a b -> a * 31 + b) 0 (List.map (fun x -> x land 1023) l)));
  print_string "--\n"
let f10 (x11 : int) (x12 : string option) (x13 : int) : int -> int =
  (if ((true || true) || (let (v14 : int) = 119214902243 in true)) then (fun (a15 : int) -> (10 + x11)) else (match (Some false) with | p16 when false -> (fun (a17 : int) -> a17) | None when (List.mem [] []) -> ((fun (a18 : int) -> (fun (a19 : int) -> a18)) 4611686018427387902) | None -> (fun (a20 : int) -> 1) | (Some true) -> (fun (a21 : int) -> x13) | _ -> (fun (a22 : int) -> 1)))
let f23 (x24 : bool -> int) (x25 : int) : int =
  ((fun (a26 : char) -> 4611686018427387903) (if false then (match ([], x25) with | (p27, 4) -> 'a' | _ -> 'f') else (let s28 = "b" in if String.length s28 = 0 then 'z' else s28.[(10 land max_int) mod String.length s28])))
let f29 (x30 : bool list) (x31 : int) (x32 : int option) : int =
  ((print_char ((fun (a33 : string) -> (if false then 'f' else 'b')) (if true then "c%" else "d"))); (Printf.printf "|%c" 'f'); (if true then x31 else 6))
let () =
  (print_char ((List.iter (fun (x34 : char * char) -> (Printf.printf "%b%d\n" (if true then false else true) (1 * 7))) ((List.filter (fun (x35 : char * char) -> false) [('d', '\132'); ('d', 'f')]) @ ((fun (a36 : string) -> []) "c"))); 'd'));
  let (v37 : int list) = ([2; 3; 4611686018427387902] @ (match (981 :: []) with | _ -> (match true with | true when true -> [11] | true when false -> [] | false -> [(-1); 6] | _ -> [5]) | p38 when ((-762299212139) = 2) -> (let (v39 : bool) = true in []) | [] when (false || false) -> [] | _ -> (match 5 with | 5 -> [4611686018427387902; 5] | (-2) -> [(-3); 0] | _ -> [0] | _ -> []))) in print_string "--\n"
let f40 (x41 : int) (x42 : bool list) : int -> int =
  (fun (a44 : int) -> (a44 * x41))
let () =
  let (v45 : int ref) = (match ((List.mem 8 [4; (-1)]) && true) with | false -> (ref (778592327113 - 2)) | true when (((fun (a46 : int) -> false) 8) && ((fun (a47 : int) -> true) (-466418393654))) -> (ref (fst (2, ("\132ed", true)))) | _ -> (match 'g' with | _ -> g4 | 'f' -> (match 'h' with | 'e' -> g4 | _ -> g4) | ('e' as q48) -> (ref 11) | ('d' as q49) when (match 8 with | (2 | _) when false -> false | 0 -> true | (0 | (5 | 0)) -> false | _ -> false) -> (ref 1) | _ -> (if true then g4 else g4))) in print_string "--\n"
let () =
  let (v50 : int ref) = (ref (if (5 < 2) then (String.length "e\221a") else ((-892) - 726))) in (print_string (String.init ((f29 (true :: []) (5 - (-2)) (Some 3)) land 7) (fun (i51 : int) -> ((for i52 = 4 downto 2 do ((print_endline ""); (for i53 = (-3) downto (-2) do ((print_string "\140eccc\\")) done)) done); let (v54 : int ref) = (ref i51) in let (v55 : int list) = [i51; i51; i51] in ' '))));
  (print_newline ());
  print_string "--\n"
let () =
  (String.iter (fun c -> print_char c) (let (v56 : int ref) = (ref 7) in (Printf.printf "%o" 0); ("de" ^ ("ceocb" ^ "e\""))));
  print_string "--\n"
let () =
  (print_newline ());
  print_string "--\n"
