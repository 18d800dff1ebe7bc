type t0 = C0_0 | C0_1 of int | C0_2 of int
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 (a0) -> "C0_1(" ^ string_of_int a0 ^ ")"
  | C0_2 (a0) -> "C0_2(" ^ string_of_int a0 ^ ")"
type r0 = { mutable r0_f0 : int list }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> string_of_int x1) v.r0_f0) ^ "]") ^ "}"
exception E0
exception E1 of int
exception E2
let show_exn (e : exn) : string = match e with
  | E0 -> "E0"
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
let g2 : char list option = (Some (List.map (fun (x3 : t0) -> '\217') [(C0_1 (8)); (C0_2 (5))]))
let f4 (x5 : int list) (x6 : r0) (x7 : t0) : char =
  (Char.chr (((Printf.printf "%s%u\n" (String.concat "acdcc\"" []) (if true then 158400016839 else 6)); (let (v8 : int ref) = (ref 11) in (-18936913277))) land 255))
let () =
  (try
  (Printf.printf "%%%b\n" ((try (String.length "") with | E0 -> (let (v9 : bool option) = (Some true) in 0) | ex10 -> print_string "reraise "; raise ex10) < 1099511627776));
  (for i11 = 0 to 4 do ((let (w12 : char) = 'd' in print_string (String.make 1 w12); print_char '\n'); (let (w13 : bool) = ([] > (List.map (fun (x14 : t0) -> (Char.code 'c')) (if true then [(C0_2 (i11)); (C0_1 (i11))] else []))) in print_string (string_of_bool w13); print_char '\n')) done);
  (ignore "e");
  let (v15 : string ref) = (try (ref (String.concat "aa" ["]da %b"; ""])) with | E1 (e16) -> (try (ref "") with | Failure m17 -> (ref m17)) | _ -> ((let (w18 : string option) = (match 'f' with | ('b' | ('a' .. 'm')) when true -> None | p19 -> (Some "\ned") | 'e' when false -> None | '[' -> (Some "dcded") | _ -> (Some "eb\\")) in print_string ((match w18 with None -> "None" | Some x20 -> "Some(" ^ ("\"" ^ x20 ^ "\"") ^ ")")); print_char '\n'); let (v21 : int list) = ([] @ [1]) in (ref "ace\223"))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
