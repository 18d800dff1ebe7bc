type t0 = C0_0 | C0_1 of t0 list | C0_2
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
  | C0_2 -> "C0_2"
type t1 = C1_0 | C1_1 of int * string | C1_2 of char
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0, a1) -> "C1_1(" ^ string_of_int a0 ^ "," ^ ("\"" ^ a1 ^ "\"") ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ String.make 1 a0 ^ ")"
type r0 = { mutable r0_f0 : int list; r0_f1 : t0 }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> string_of_int x2) v.r0_f0) ^ "]") ^ ";" ^ "r0_f1=" ^ show_t0 v.r0_f1 ^ "}"
exception E0 of string * int
let show_exn (e : exn) : string = match e with
  | E0 (a0, a1) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let rec r3 (n4 : int) (acc5 : int) : int =
  if n4 <= 0 then acc5 else r6 (n4 - 1) (acc5 + (n4 - acc5))
and r6 (n4 : int) (acc5 : int) : int =
  if n4 <= 0 then acc5 * 2 else r3 (n4 - 1) (acc5 lxor (n4 + 3))
let () =
  Printf.printf "r3 %d\n" (r3 52931 1);
  print_string "--\n"
let () =
  (Printf.printf "%b" false);
  (for i7 = 3 to 2 do ((print_endline (match (C1_1 ((fst ((-194), i7)), (let (v8 : int) = (-3) in "acec"))) with | (C1_1 (5, p9)) -> (String.make ((min 9 i7) land 7) (let (v10 : t0) = C0_2 in 'H')) | _ -> (String.concat (string_of_int i7) (List.map (fun (x11 : string) -> "ace") ["\229c"; "ddce"; "eaac"])))); (for i12 = 5 downto 2 do ((String.iter (fun c -> print_char c) "eda")) done)) done);
  (let c13 = ref 4 in while !c13 > 0 do decr c13; ((print_newline ())) done);
  print_string "--\n"
let () =
  (print_int 2; print_char ' ');
  (ignore (Printf.sprintf "%-4d" (let (v14 : r0) = { r0_f0 = []; r0_f1 = C0_0 } in 6)));
  (print_int (match true with | (p16 as q15) -> (List.length ((fun (a17 : r0) -> []) { r0_f0 = []; r0_f1 = C0_2 })) | _ -> 4611686018427387903); print_char ' ');
  let (v18 : r0) = (match (List.rev (List.rev [(C1_2 ('e')); (C1_1 ((-3), "dac"))])) with | p19 -> { r0_f0 = [(-2); 4611686018427387903; 2]; r0_f1 = (C0_1 ([])) } | [] when false -> { r0_f0 = (List.sort compare [(-612751873875)]); r0_f1 = C0_2 } | [(C1_2 (p20))] when ((8 land 2) >= (match { r0_f0 = []; r0_f1 = C0_0 } with | ({ r0_f1 = C0_2; _ } | { r0_f1 = C0_2; _ }) -> (-1) | _ -> (-915827951548))) -> { r0_f0 = (List.sort (fun a b -> compare b a) [0; 4]); r0_f1 = C0_0 } | [(C1_2 (' '))] when true -> { r0_f0 = (List.map (fun (x21 : char) -> 9) ['g'; 'b'; 'f']); r0_f1 = C0_0 } | _ -> { r0_f0 = [874700457705; (-3); 0]; r0_f1 = C0_2 }) in print_string "--\n"
let () =
  (print_int ((List.iter (fun (x22 : string) -> (let (w23 : (int * string) list) = (List.init (9 land 7) (fun (i24 : int) -> (i24, x22))) in print_string (("[" ^ String.concat ";" (List.map (fun x25 -> (let (p26, p27) = x25 in "(" ^ string_of_int p26 ^ "," ^ ("\"" ^ p27 ^ "\"") ^ ")")) w23) ^ "]")); print_char '\n')) ["\203aa\221ae"; (String.concat "\"aae" ["dbad\210"])]); (Printf.printf "%-3s" (String.make ((let (v28 : string option) = (Some "ceeee") in (-3)) land 7) 'e')); ((Char.code 'c') - (if false then 4 else 7))); print_char ' ');
  (for i29 = 3 to 5 do ((print_string (((string_of_int i29) ^ (string_of_bool true)) ^ "e\000\\%ba"))) done);
  let (v30 : int) = (4 lsl (((12 * 0) - 2) land 63)) in print_string "--\n"
let () =
  let (v31 : bool) = false in (print_int ((String.iter (fun c -> print_char c) (String.make ((if false then (-1) else (-1)) land 7) (let (v32 : t0) = C0_0 in 'd'))); (((print_string "cecb%d"); 1) - (8 + (-3)))); print_char ' ');
  print_string "--\n"
let () =
  let (v33 : string ref) = (ref "bcdbq ") in print_string "--\n"
