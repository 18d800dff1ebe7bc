type t0 = C0_0 | C0_1
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 -> "C0_1"
type t1 = C1_0 | C1_1 of int | C1_2 of (bool * bool) | C1_3 of int | C1_4 of t1 * string
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ string_of_int a0 ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ (let (p1, p2) = a0 in "(" ^ string_of_bool p1 ^ "," ^ string_of_bool p2 ^ ")") ^ ")"
  | C1_3 (a0) -> "C1_3(" ^ string_of_int a0 ^ ")"
  | C1_4 (a0, a1) -> "C1_4(" ^ show_t1 a0 ^ "," ^ ("\"" ^ a1 ^ "\"") ^ ")"
type r0 = { r0_f0 : bool list; mutable r0_f1 : string; r0_f2 : t1 }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ ("[" ^ String.concat ";" (List.map (fun x3 -> string_of_bool x3) v.r0_f0) ^ "]") ^ ";" ^ "r0_f1=" ^ ("\"" ^ v.r0_f1 ^ "\"") ^ ";" ^ "r0_f2=" ^ show_t1 v.r0_f2 ^ "}"
type r1 = { r1_f0 : string * string }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ (let (p4, p5) = v.r1_f0 in "(" ^ ("\"" ^ p4 ^ "\"") ^ "," ^ ("\"" ^ p5 ^ "\"") ^ ")") ^ "}"
exception E0 of int
exception E1
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | E1 -> "E1"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g6 : t0 = C0_0
let g7 : int = (-767)
let g8 : int list = (List.filter (fun (x9 : int) -> ((fun (a10 : string) -> true) "c")) (let (v11 : r1 ref) = (ref { r1_f0 = ("", "cc") }) in let (v12 : int ref) = (ref (-437)) in []))
let f13 (x14 : char list) (x15 : char) (x16 : int) : char option =
  (Some x15)
let f17 (x18 : t0) : int * bool =
  (((fun (a19 : int list) -> (g7 lor g7)) g8), false)
let () =
  (try
  (ignore (C1_2 (((let (v20 : int) = g7 in true), false))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (ignore C0_0);
  (if true then (for i21 = 2 downto 2 do ((let (w22 : char) = 'G' in print_string (String.make 1 w22); print_char '\n')) done));
  (Printf.printf "%d%%%X%-3s\n" (try (succ ((fun (a23 : int) -> (-2)) g7)) with | Not_found -> ((match g8 with | [] -> 815724235665 | _ -> 7) + (fst (g7, false))) | Failure m24 -> (List.fold_left (fun (acc25 : int) (x26 : int) -> (1 + g7)) (try g7 with | E1 -> g7 | Failure m27 -> g7 | Invalid_argument m28 -> 350 | ex29 -> print_string "reraise "; raise ex29) (List.rev g8)) | _ -> g7) 12 ("ac" ^ (String.init ((g7 * 7) land 7) (fun (i30 : int) -> 'a'))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v31 : int ref) = (ref g7) in let (v32 : t0) = C0_1 in (v31 := (let (v33 : bool -> char) = (fun (a34 : bool) -> '\009') in ((Char.code 'g') lxor (g7 land g7))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_endline "e\nb");
  (print_int (if ((if false then true else false) || (List.mem g7 [])) then (List.length ((let c35 = ref 0 in while !c35 > 0 do decr c35; ((print_int 7; print_char ' '); (print_string "")) done); ["d"; "beb%ba"; "a\218"])) else (if (["k\221c"] <> []) then ((let (w36 : int list * bool) = (g8, true) in print_string ((let (p37, p38) = w36 in "(" ^ ("[" ^ String.concat ";" (List.map (fun x39 -> string_of_int x39) p37) ^ "]") ^ "," ^ string_of_bool p38 ^ ")")); print_char '\n'); (Printf.printf "%i\n" 4); 10) else (match { r0_f0 = [true]; r0_f1 = "\\ce"; r0_f2 = (C1_2 ((false, true))) } with | { r0_f1 = "be"; _ } -> g7 | { r0_f1 = _; _ } -> g7 | { r0_f2 = p40; _ } -> g7 | { r0_f1 = "bebeb"; _ } when false -> 11 | _ -> g7))); print_char ' ');
  let (v41 : int -> bool) = (fun (a42 : int) -> ((1 * g7) > ((-3) * a42))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
