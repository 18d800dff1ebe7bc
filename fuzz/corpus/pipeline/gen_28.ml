type t0 = C0_0 | C0_1 of int
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ string_of_int a0 ^ ")"
type t1 = C1_0 | C1_1 of t0 | C1_2 of int * int list
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0) -> "C1_1(" ^ show_t0 a0 ^ ")"
  | C1_2 (a0, a1) -> "C1_2(" ^ string_of_int a0 ^ "," ^ ("[" ^ String.concat ";" (List.map (fun x1 -> string_of_int x1) a1) ^ "]") ^ ")"
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
let g2 : int = (-2)
let g3 : t0 option = (if false then (match 5 with | p4 -> (Some C0_0) | 2 -> (Some C0_0) | 1 when true -> None | (p6 as q5) when true -> (Some C0_0) | _ -> None) else (let (v7 : string -> bool -> char) = (fun (a8 : string) (a9 : bool) -> 'b') in (Some (C0_1 (g2)))))
let f10 (x11 : int option) : string =
  (match (if (234438719260 < 11) then (raise (E0 ((match true with | p12 when false -> "bee)\n" | false -> "dac" | _ -> "e\030d"), g2))) else 'g') with | p13 -> "e" | _ -> (String.concat (match 'h' with | (_ | 'b') -> "\tbedd" | '\n' -> "\\" | 'h' -> "" | _ when false -> "eaeb" | _ -> "dcdde") (List.map (fun (x14 : int) -> "\n\\") [g2; g2])))
let () =
  (try
  (print_int (max (let c15 = (C1_1 (C0_0)) in let c16 = (C1_1 ((C0_1 (10)))) in compare c15 c16) ((fun (a17 : bool) -> g2) (g2 > g2))); print_char ' ');
  (print_char 'f');
  (let (w18 : string) = "dd\127d" in print_string (("\"" ^ w18 ^ "\"")); print_char '\n');
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
