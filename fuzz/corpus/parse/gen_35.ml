type t0 = C0_0 | C0_1 of int * int | C0_2 of (int * bool)
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0, a1) -> "C0_1(" ^ string_of_int a0 ^ "," ^ string_of_int a1 ^ ")"
  | C0_2 (a0) -> "C0_2(" ^ (let (p1, p2) = a0 in "(" ^ string_of_int p1 ^ "," ^ string_of_bool p2 ^ ")") ^ ")"
type t1 = C1_0 | C1_1 of t1 * bool | C1_2 of char | C1_3
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0, a1) -> "C1_1(" ^ show_t1 a0 ^ "," ^ string_of_bool a1 ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ String.make 1 a0 ^ ")"
  | C1_3 -> "C1_3"
type t2 = C2_0 | C2_1
let rec show_t2 (v : t2) : string = match v with
  | C2_0 -> "C2_0"
  | C2_1 -> "C2_1"
type r0 = { mutable r0_f0 : int; r0_f1 : char * int; r0_f2 : int list }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_int v.r0_f0 ^ ";" ^ "r0_f1=" ^ (let (p3, p4) = v.r0_f1 in "(" ^ String.make 1 p3 ^ "," ^ string_of_int p4 ^ ")") ^ ";" ^ "r0_f2=" ^ ("[" ^ String.concat ";" (List.map (fun x5 -> string_of_int x5) v.r0_f2) ^ "]") ^ "}"
type r1 = { r1_f0 : t0; mutable r1_f1 : int option }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ show_t0 v.r1_f0 ^ ";" ^ "r1_f1=" ^ (match v.r1_f1 with None -> "None" | Some x6 -> "Some(" ^ string_of_int x6 ^ ")") ^ "}"
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
let g7 : int ref = (match (C1_1 ((C1_2 ('d')), true)) with | (C1_1 ((C1_1 ((C1_2 (('a' .. 'm'))), true)), (false | false))) -> (let (v8 : bool -> int) = (fun (a9 : bool) -> (-1092451688922)) in (ref (-3))) | (C1_3 | (C1_1 ((C1_1 (_, true)), true))) -> (ref 4) | _ when false -> (ref 12) | _ -> (if true then (ref (-3)) else (ref 12)) | _ -> (ref 5))
let f10 (x11 : string list) (x12 : r0) (x13 : int) : int =
  ((x13 lxor (match x13 with | 0 -> x13 | _ -> x13)) + ((abs x13) - 5))
let rec r14 (n15 : int) (acc16 : int) : int =
  if n15 <= 0 then acc16 else r17 (n15 - 1) (acc16 + (378 land acc16))
and r17 (n15 : int) (acc16 : int) : int =
  if n15 <= 0 then acc16 * 2 else r14 (n15 - 1) (acc16 lxor (acc16 lor n15))
let () =
  (try
  Printf.printf "r14 %d\n" (r14 17746 1);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let f18 (x19 : int) (x20 : int list) (x21 : r0) : string =
  ((fun (a22 : char * bool) -> ((fun (a23 : string) -> (String.make ((-211511977272) land 7) 'h')) (String.concat "dec" ["cb"; ""; "eededb"]))) ((match (C0_1 ((-333), x19)) with | (C0_1 (0, ((-1) | 2))) -> 'h' | p24 -> ' ' | _ -> 'g'), (x19 >= x19)))
let f25 (x26 : char) : t2 =
  ((fun (a27 : int) -> C2_0) (10 + (try (-1) with | Division_by_zero -> 8 | ex28 -> print_string "reraise "; raise ex28)))
let () =
  (try
  (let (w29 : t0) = (C0_2 ((if (try true with | Not_found -> false | Division_by_zero -> true) then (7, false) else (8, true)))) in print_string (show_t0 w29); print_char '\n');
  (for i30 = (-2) to (-1) do ((ignore { r1_f0 = (match (List.length [i30; 8]) with | 0 -> (let (v31 : bool list) = [false; false] in let (v32 : bool * int) = (false, i30) in (C0_2 (((-3), false)))) | 2 -> (match ([(-2); 10], 'g') with | p33 -> (C0_2 ((i30, false))) | ((p35 as q34), 'c') -> (C0_1 (i30, i30)) | (p36, 'd') -> C0_0 | _ -> (C0_2 ((i30, false)))) | _ -> C0_0); r1_f1 = (match (try { r1_f0 = C0_0; r1_f1 = None } with | E0 -> { r1_f0 = (C0_1 (8, i30)); r1_f1 = (Some 3) } | _ -> { r1_f0 = C0_0; r1_f1 = (Some (-775)) }) with | _ -> None | { r1_f0 = _; _ } -> (Some 624) | _ -> (Some 6)) }); (if ((List.length ([('a', i30)] @ [])) >= i30) then (print_newline ()))) done);
  let (v37 : r0) = { r0_f0 = (if (let (v38 : bool list) = [false] in false) then (List.fold_left (fun (acc39 : int) (x40 : bool) -> acc39) 8 []) else 0); r0_f1 = ('c', 7); r0_f2 = [(f10 [] { r0_f0 = (-810); r0_f1 = ('Y', 639); r0_f2 = [] } 1); (let (v41 : bool -> int) = (fun (a42 : bool) -> (-151)) in 2); (abs 7)] } in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_endline (String.concat (string_of_bool (List.mem 4611686018427387902 [])) (List.map (fun (x43 : string) -> (f18 4611686018427387903 [1099511627776] { r0_f0 = 1; r0_f1 = ('c', 0); r0_f2 = [(-2); 382438416514] })) (if false then [] else ["cbdd"; "\"a"; "aaca"]))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (String.iter (fun c -> print_char c) ((print_endline ((fun (a44 : bool) -> "ee\ni") ((Some (-319)) = None))); (g7 := ((let c45 = 'd' in let c46 = 'g' in compare c45 c46) * 2)); let (v47 : string) = (f18 (3 + (-463)) (try [] with | Not_found -> [] | _ -> [0; 862; (-1029265805878)]) { r0_f0 = 1; r0_f1 = ('\002', (-1)); r0_f2 = [4; 6] }) in (try String.sub (match [] with | p48 -> v47 | _ -> "daa") (4 land 7) ((if false then 9 else 0) land 7) with Invalid_argument m -> m)));
  let (v49 : bool) = false in let (v50 : int -> string) = (fun (a51 : int) -> "eadc") in (print_newline ());
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let f52 (x53 : int list) (x54 : t0) : int =
  11
let () = failwith "the end"
