exception E0 of int
exception E1 of int
exception E2
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | E1 (a0) -> "E1(" ^ string_of_int a0 ^ ")"
  | E2 -> "E2"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let f1 (x2 : int option) (x3 : int list) : string =
  "ddd"
let f4 (x5 : bool) (x6 : string) (x7 : char list) : int -> char =
  (if (match (7 - 2) with | (_ | 4) -> ((-302) > 9) | 4 -> ((fun (a8 : string) -> x5) x6) | (5 as q9) when (List.mem ((-1), 6) [(12, q9)]) -> x5 | _ -> (List.exists (fun (x10 : char) -> true) [])) then ((let c11 = ref 1 in while !c11 > 0 do decr c11; ((print_char (match 1099511627776 with | 0 -> 'g' | _ -> '\\')); (let (w12 : int * int) = ((-3), (-386355708830)) in print_string ((let (p13, p14) = w12 in "(" ^ string_of_int p13 ^ "," ^ string_of_int p14 ^ ")")); print_char '\n')) done); let (v15 : string ref) = (ref x6) in (for i16 = 5 downto 3 do ((ignore (x5, "dc\\ebe"))) done); (fun (a17 : int) -> 'g')) else (match (String.concat "ddl" []) with | _ -> (fun (a18 : int) -> 'd') | _ -> (fun (a19 : int) -> 'g')))
let f20 (x21 : int) (x22 : int) (x23 : int) : int =
  x21
let rec r24 (n25 : int) : int =
  if n25 <= 0 then n25 else let x27 = r24 (n25 - 1) in (x27 + (n25 + (-1)))
let () =
  Printf.printf "r24 %d\n" (r24 1018);
  print_string "--\n"
let f28 (x29 : int) : bool list =
  [false; true; true]
let () =
  (print_char (Char.chr (((2 lor 4) - (-1)) land 255)));
  (print_endline ((String.make ((f20 10 9 5) land 7) (if true then 'f' else 'h')) ^ (let (v30 : int ref) = (let (v31 : int) = 4611686018427387903 in (ref v31)) in let (v32 : bool list ref) = (match [] with | _ when false -> (ref [false; true; false]) | [] when false -> (ref [false; false; true]) | _ -> (ref [false; false])) in ((fun (a33 : int) -> "aa") 4))));
  (print_int (f20 (if false then 837 else ((-105) + 12)) 4611686018427387903 (Char.code (let (v34 : int -> bool) = (fun (a35 : int) -> false) in (print_int (-2); print_char ' '); (String.iter (fun c -> print_char c) "aaaccd"); 'h'))); print_char ' ');
  (let (w36 : string list) = [""; "eacae"] in print_string (("[" ^ String.concat ";" (List.map (fun x37 -> ("\"" ^ x37 ^ "\"")) w36) ^ "]")); print_char '\n');
  print_string "--\n"
let () =
  (String.iter (fun c -> print_char c) "c\176d");
  (let (w38 : (string * string) list) = [] in print_string (("[" ^ String.concat ";" (List.map (fun x39 -> (let (p40, p41) = x39 in "(" ^ ("\"" ^ p40 ^ "\"") ^ "," ^ ("\"" ^ p41 ^ "\"") ^ ")")) w38) ^ "]")); print_char '\n');
  print_string "--\n"
let () =
  let (v42 : int) = 3 in (print_int (List.length [["\152dedec"; "b\\eb"; "\nvc"]; ["bedcce"; "deb"; "ba\ncb\128"]]); print_char ' ');
  (print_char (let s43 = (Printf.sprintf "%%%c" ((print_char 'e'); 'K')) in if String.length s43 = 0 then 'z' else s43.[((pred v42) land max_int) mod String.length s43]));
  let (v44 : int) = 6 in print_string "--\n"
