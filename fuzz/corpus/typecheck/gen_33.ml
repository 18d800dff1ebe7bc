type t0 = C0_0 | C0_1 of t0 list | C0_2 of string list | C0_3
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
  | C0_2 (a0) -> "C0_2(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> ("\"" ^ x2 ^ "\"")) a0) ^ "]") ^ ")"
  | C0_3 -> "C0_3"
type t1 = C1_0 | C1_1 of int | C1_2 of char option
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ string_of_int a0 ^ ")"
  | C1_2 (a0) -> "C1_2(" ^ (match a0 with None -> "None" | Some x3 -> "Some(" ^ String.make 1 x3 ^ ")") ^ ")"
exception E0 of int
exception E1 of string
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | E1 (a0) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g4 : t1 = (C1_2 (None))
let rec r5 (n6 : int) (acc7 : int) : int =
  if n6 <= 0 then acc7 else r8 (n6 - 1) (acc7 + ((-40291597178) lxor n6))
and r8 (n6 : int) (acc7 : int) : int =
  if n6 <= 0 then acc7 * 2 else r5 (n6 - 1) (acc7 lxor (acc7 lor 10))
let () =
  Printf.printf "r5 %d\n" (r5 79181 1);
  print_string "--\n"
let f9 (x10 : int) (x11 : bool list) (x12 : int) : string =
  "\182\\ead"
let f13 (x14 : string) (x15 : t0) : int option =
  (Some (-4611686018427387904))
let f16 (x17 : string option) : string =
  (string_of_int (List.fold_left (fun (acc18 : int) (x19 : int) -> (x19 - (-983))) ((-1) mod (4611686018427387903 lor 1)) ([(-1); 10] @ [1099511627776; 8])))
let f20 (x21 : int) (x22 : bool * int) (x23 : char -> string -> string) : int =
  ((abs (let (v24 : t0) = C0_0 in 7)) - (-803))
let () =
  let (v25 : int) = 0 in (let (w26 : string list) = (List.map (fun (x27 : int * int) -> (string_of_bool (match [] with | (('a' .. 'm') :: p28) -> false | ['c'] -> false | _ -> false))) [(v25, v25)]) in print_string (("[" ^ String.concat ";" (List.map (fun x29 -> ("\"" ^ x29 ^ "\"")) w26) ^ "]")); print_char '\n');
  print_string "--\n"
let () =
  (List.iter (fun (x30 : t1) -> (print_int ((-2) * 197060959192); print_char ' ')) (g4 :: (List.map (fun (x31 : string list) -> C1_0) (List.filter (fun (x32 : string list) -> true) [[""; ""; "\180eaa"]; ["acd]"; "d"; "b\198"]]))));
  (print_newline ());
  (print_char (Char.chr ((fst (8, g4)) land 255)));
  (List.iter (fun (x33 : bool) -> (let (w34 : int) = (1099511627776 * (-1)) in print_string (string_of_int w34); print_char '\n')) (let (v35 : int option) = (let (v36 : int) = (match '\009' with | 'f' -> 185 | 'e' when false -> 11 | _ -> 12 | _ -> 1) in (List.iter (fun (x37 : int) -> (let (w38 : int) = (match x37 with | 4 -> 4 | _ -> 11 | _ -> x37) in print_string (string_of_int w38); print_char '\n')) (List.map (fun (x39 : char) -> v36) ['<'; '\196'; 'a'])); None) in (let (v40 : string) = (string_of_int 4611686018427387903) in [true])));
  print_string "--\n"
let () =
  (print_int (let (v41 : t1 ref) = (ref g4) in 9); print_char ' ');
  (let (w42 : int option list) = [(Some (12 + 5)); (match (if false then [(-2); 4] else [(-3); 175511673088; 0]) with | p43 -> (match "eadc" with | _ -> (Some 1) | _ -> (Some (-1))) | _ -> (if true then None else (Some (-16)))); ((print_int (List.length []); print_char ' '); (print_newline ()); (print_newline ()); (match (C1_2 ((Some 'd'))) with | (C1_2 (p44)) when true -> (Some 4) | _ -> (Some 4611686018427387903)))] in print_string (("[" ^ String.concat ";" (List.map (fun x45 -> (match x45 with None -> "None" | Some x46 -> "Some(" ^ string_of_int x46 ^ ")")) w42) ^ "]")); print_char '\n');
  (let (w47 : int) = ((if ((if false then "" else "a\211cc") <= (String.init (4 land 7) (fun (i48 : int) -> 'f'))) then (let (w49 : t1) = (C1_2 ((if true then (Some 'b') else None))) in print_string (show_t1 w49); print_char '\n')); (print_newline ()); (List.length (List.filter (fun (x50 : int list) -> false) [[]]))) in print_string (string_of_int w47); print_char '\n');
  print_string "--\n"
let () =
  let (v51 : char) = (Char.chr (1099511627776 land 255)) in (let (w52 : bool) = ((f20 (fst ((-2), v51)) (false, 110) (fun (a53 : char) (a54 : string) -> "ccccbb")) > ((fun (a55 : t0) -> ((-145) mod (919 lor 1))) (C0_2 (["dba"; "eb"; "edeb"])))) in print_string (string_of_bool w52); print_char '\n');
  print_string "--\n"
let () =
  (let (w56 : t0) = (C0_2 ((List.init (10 land 7) (fun (i57 : int) -> "a")))) in print_string (show_t0 w56); print_char '\n');
  (print_char 'c');
  print_string "--\n"
let () =
  let (v58 : string) = "a\243" in print_string "--\n"
