type t0 = C0_0 | C0_1 of bool | C0_2 of int * bool | C0_3 of t0 list | C0_4 of t0 list
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ string_of_bool a0 ^ ")"
  | C0_2 (a0, a1) -> "C0_2(" ^ string_of_int a0 ^ "," ^ string_of_bool a1 ^ ")"
  | C0_3 (a0) -> "C0_3(" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> show_t0 x1) a0) ^ "]") ^ ")"
  | C0_4 (a0) -> "C0_4(" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> show_t0 x2) a0) ^ "]") ^ ")"
type r0 = { r0_f0 : char }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ String.make 1 v.r0_f0 ^ "}"
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
let g3 : int ref = (ref (match (true, "d\255b") with | p4 when false -> 5 | _ -> (-2)))
let rec r5 (n6 : int) : int list =
  if n6 = 0 then [] else (n6 land 5) :: r5 (n6 - 1)
let () =
  (let l = r5 8648 in Printf.printf "r5 %d %d\n" (List.length l) (List.fold_left (fun a b -> a * 31 + b) 0 (List.map (fun x -> x land 1023) l)));
  print_string "--\n"
let f8 (x9 : char list) (x10 : string) : string list =
  (List.sort (fun a b -> compare b a) [])
let () =
  (for i11 = 3 to 2 do ((let (w12 : t0) = C0_0 in print_string (show_t0 w12); print_char '\n')) done);
  let (v13 : int ref) = (ref (let (v14 : string) = ("Xe" ^ "dce") in 12)) in let (v15 : int ref) = (ref (List.length (match 880 with | p16 -> ['\009'; 'h'; 'f'] | p17 when false -> ['a'] | _ -> ['b'; 'c'] | _ -> []))) in (String.iter (fun c -> print_char c) (String.init (312 land 7) (fun (i18 : int) -> (let (v19 : r0) = ((fun (a20 : char list) -> { r0_f0 = 'g' }) ['g']) in (if true then 'c' else 'g')))));
  print_string "--\n"
