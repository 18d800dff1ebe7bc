type t0 = C0_0 | C0_1 of t0 list
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
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
let f2 (x3 : t0) : t0 =
  ((fun (a4 : int option) -> (C0_1 ((List.filter (fun (x5 : t0) -> false) [C0_0; C0_0; C0_0])))) (let (v6 : bool ref) = (ref false) in (Some 9)))
let rec r7 (n8 : int) : int list =
  if n8 = 0 then [] else (1099511627776 lor n8) :: r7 (n8 - 1)
let () =
  (let l = r7 8287 in Printf.printf "r7 %d %d\n" (List.length l) (List.fold_left (fun a b -> a * 31 + b) 0 (List.map (fun x -> x land 1023) l)));
  print_string "--\n"
let f10 (x11 : int -> string) (x12 : string) : t0 =
  (C0_1 ([C0_0; C0_0]))
let f13 (x14 : bool) (x15 : int * int) : string * int =
  ("b", (-247))
let f16 (x17 : int * int) : char =
  '\\'
let () =
  (let (w18 : string) = ((fun (a19 : int) -> (if ((fun (a20 : int list) -> true) []) then (Printf.sprintf "x=%-3s%dx=%-4d" "d" a19 5) else (string_of_bool false))) (let (v21 : int) = ((fun (a22 : string) -> 6) "\251c") in let (v23 : int ref) = (let (v24 : t0) = C0_0 in (ref v21)) in let (v25 : t0 ref) = (ref C0_0) in (let (v26 : int -> bool -> char) = (fun (a27 : int) (a28 : bool) -> 'g') in v21))) in print_string (("\"" ^ w18 ^ "\"")); print_char '\n');
  (let c29 = ref 5 in while !c29 > 0 do decr c29; ((let (w30 : int list list) = (if true then [(List.init (201 land 7) (fun (i31 : int) -> i31)); [5; 12]] else (List.filter (fun (x32 : int list) -> (false || true)) [[1; 444162123788; 7]])) in print_string (("[" ^ String.concat ";" (List.map (fun x33 -> ("[" ^ String.concat ";" (List.map (fun x34 -> string_of_int x34) x33) ^ "]")) w30) ^ "]")); print_char '\n'); (let (w35 : int list) = (List.init (3 land 7) (fun (i36 : int) -> (let (v37 : int) = (3 / (i36 lor 1)) in v37))) in print_string (("[" ^ String.concat ";" (List.map (fun x38 -> string_of_int x38) w35) ^ "]")); print_char '\n')) done);
  let (v39 : int ref) = (if false then (ref ((fun (a40 : string) -> 2) "\naeba")) else (ref (-2))) in (String.iter (fun c -> print_char c) "dbdddb");
  print_string "--\n"
let () =
  (if (true || ((false && true) && true)) then (print_endline (let (v41 : char list) = ((if true then [] else ['g'; 'c'; ' ']) @ []) in (match (match 1 with | 3 when true -> 'f' | _ -> 'f' | 3 -> 'd' | _ -> 'h') with | 'a' when (false || false) -> "ecea" | 'b' when (let (v42 : int) = (-644) in false) -> (String.make ((-3) land 7) 'b') | ('a' .. 'm') -> "edeadb" | '\211' -> (string_of_int 10) | _ -> (Printf.sprintf "%+dx=%s %B" (-1) "bcc0" false)))));
  (print_int (List.length (match (if true then "" else "") with | ("cb" as q43) -> ['f'; 'N'] | "dccwaa" -> ['c'] | "c" -> ['f'] | "" -> (List.filter (fun (x44 : char) -> true) ['c'; 'f'; 'd']) | _ -> (match (-2) with | p45 when false -> ['a'; 'R'; 'I'] | 0 -> ['g'] | (-2) -> ['f'] | _ -> ['\225']))); print_char ' ');
  print_string "--\n"
let () =
  let (v46 : string ref) = (ref (let (v47 : int) = (let (v48 : t0) = C0_0 in 12) in (string_of_bool false))) in print_string "--\n"
let () =
  let (v49 : bool ref) = (ref true) in let (v50 : string -> int) = (fun (a51 : string) -> 1) in print_string "--\n"
let () =
  (for i52 = 1 to 2 do ((if false then (if (((succ i52) - (9 - i52)) >= (((fun (a53 : string list) -> i52) []) * (i52 - 6))) then (Printf.printf "%c" (if (List.exists (fun (x54 : string) -> (6 > i52)) ["d%cdcb"]) then 'e' else (let s55 = ("" ^ "ad") in if String.length s55 = 0 then 'z' else s55.[((i52 - i52) land max_int) mod String.length s55])))))) done);
  print_string "--\n"
