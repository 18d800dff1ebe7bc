type t0 = C0_0 | C0_1 of t0 list
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
type t1 = C1_0 | C1_1 of t1 list | C1_2 of t1 list | C1_3 of bool
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> show_t1 x2) a0) ^ "]") ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ ("[" ^ String.concat ";" (List.map (fun x3 -> show_t1 x3) a0) ^ "]") ^ ")"
  | C1_3 (a0) -> "C1_3(" ^ string_of_bool a0 ^ ")"
type r0 = { r0_f0 : bool * string; r0_f1 : string }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ (let (p4, p5) = v.r0_f0 in "(" ^ string_of_bool p4 ^ "," ^ ("\"" ^ p5 ^ "\"") ^ ")") ^ ";" ^ "r0_f1=" ^ ("\"" ^ v.r0_f1 ^ "\"") ^ "}"
exception E0
exception E1 of string * int
exception E2 of int
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
  | E1 (a0, a1) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | E2 (a0) -> "E2(" ^ string_of_int a0 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g6 : bool = ((fun (a7 : t0) -> (5 >= 2)) C0_0)
let g8 : r0 = { r0_f0 = (g6, " badaa"); r0_f1 = "bcbb" }
let f9 (x10 : int) : bool =
  (match (List.sort (fun a b -> compare b a) (let (v11 : char) = 'a' in [])) with | [p12] -> (List.mem (try String.get "cba\184db" (-3) with Invalid_argument _ -> '?') (List.rev ['c'])) | [] -> (x10 <= (4 - x10)) | [] -> (((C1_3 (g6)) <= C1_0) || (match (x10, "eca\199mc") with | p14 when true -> false | ((-2), p15) -> false | (1, "") -> g6 | _ -> g6)) | _ -> (match (try g6 with | Invalid_argument m16 -> g6 | E1 (e17, e18) -> g6) with | true when (let (v19 : bool * char) = (g6, 'g') in g6) -> ((let c20 = ref 6 in while !c20 > 0 do decr c20; ((let (w21 : int) = x10 in print_string (string_of_int w21); print_char '\n'); (print_int x10; print_char ' ')) done); let (v22 : int ref) = (ref x10) in false) | _ -> true))
let rec r23 (n24 : int) (acc25 : int) : int =
  if n24 <= 0 then acc25 else r26 (n24 - 1) (acc25 + (acc25 * acc25))
and r26 (n24 : int) (acc25 : int) : int =
  if n24 <= 0 then acc25 * 2 else r23 (n24 - 1) (acc25 lxor (acc25 * n24))
let () =
  (try
  Printf.printf "r23 %d\n" (r23 80005 1);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (if (let (v27 : int -> char -> int) = ((fun (a28 : string list) -> (fun (a29 : int) (a30 : char) -> a29)) []) in (List.for_all (fun (x31 : string list) -> (true || false)) (List.map (fun (x32 : bool list) -> []) []))) then (print_endline (let (v33 : bool) = (match (if true then (failwith "b") else (Some [])) with | p34 -> ([] < []) | p35 -> (f9 5) | (_ | None) -> true | _ -> (not g6)) in "")));
  (print_newline ());
  (let (w36 : t0) = (C0_1 ((List.init (4611686018427387902 land 7) (fun (i37 : int) -> (C0_1 ([C0_0; C0_0])))))) in print_string (show_t0 w36); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v38 : string) = (String.concat (String.make ((1099511627776 lxor 0) land 7) 'f') (List.sort compare ["aae\194ce"])) in (let (w39 : r0 option) = (Some g8) in print_string ((match w39 with None -> "None" | Some x40 -> "Some(" ^ show_r0 x40 ^ ")")); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
