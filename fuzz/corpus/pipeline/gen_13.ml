type r0 = { r0_f0 : int }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_int v.r0_f0 ^ "}"
type r1 = { r1_f0 : bool option; mutable r1_f1 : int; mutable r1_f2 : bool }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ (match v.r1_f0 with None -> "None" | Some x1 -> "Some(" ^ string_of_bool x1 ^ ")") ^ ";" ^ "r1_f1=" ^ string_of_int v.r1_f1 ^ ";" ^ "r1_f2=" ^ string_of_bool v.r1_f2 ^ "}"
exception E0 of int
exception E1
exception E2 of int
let show_exn (e : exn) : string = match e with
  | E0 (a0) -> "E0(" ^ string_of_int a0 ^ ")"
  | E1 -> "E1"
  | E2 (a0) -> "E2(" ^ string_of_int a0 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g2 : int ref = (ref ((fun (a3 : int) -> a3) 11))
let g4 : int ref = (if false then (try g2 with | Division_by_zero -> (ref 0) | Exit -> g2 | Not_found -> g2 | _ -> g2) else g2)
let g5 : int ref = ((print_int (try 12 with | E1 -> 4611686018427387903 | E0 (e6) -> 2); print_char ' '); (if (("ddc", ' ') > ("aac", '"')) then (print_endline "aped")); (g2 := (match None with | None -> 5 | None -> 9 | _ -> 1)); (ref 0))
let () =
  (try
  (for i7 = 0 to 0 do ((let (w8 : int) = ((fun (a9 : int) -> (if (false || true) then (raise (Not_found)) else (try i7 mod a9 with Division_by_zero -> 10))) (String.length (String.init (i7 land 7) (fun (i10 : int) -> 'a')))) in print_string (string_of_int w8); print_char '\n'); (for i11 = 0 to 6 do ((ignore (((if false then "bbfbbb" else "d d\177bc") ^ (let (v12 : bool list) = [true; true; false] in "ccdc")) ^ (if (List.for_all (fun (x13 : int) -> false) [0; 10]) then "dc" else (string_of_int i11)))); (print_char (let s18 = ((let (w14 : int) = (8 + i7) in print_string (string_of_int w14); print_char '\n'); (let (w15 : int list) = ([] @ []) in print_string (("[" ^ String.concat ";" (List.map (fun x16 -> string_of_int x16) w15) ^ "]")); print_char '\n'); (match false with | true -> "" | p17 when true -> "ac" | false -> "db" | false -> "" | _ -> "dcc")) in if String.length s18 = 0 then 'z' else s18.[(((i7 * 4) + (2 + i11)) land max_int) mod String.length s18]))) done)) done);
  (print_newline ());
  let (v19 : int ref) = (ref (List.length ((fun (a20 : char * int) -> ['h']) ('f', 3)))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let rec r21 (n22 : int) : int =
  if n22 <= 0 then n22 else let x24 = r21 (n22 - 1) in (x24 + (x24 * n22))
let () =
  (try
  Printf.printf "r21 %d\n" (r21 5308);
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
