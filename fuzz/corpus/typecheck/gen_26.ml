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
let g1 : int option = (if (let (v2 : bool) = false in v2) then (if true then (Some 9) else None) else None)
let g3 : int = (((-937767282928) + (-1)) land (try 2 with | Exit -> 4))
let g4 : int = g3
let f5 (x6 : bool) (x7 : int) : int =
  (-818)
let () =
  (try
  (let (w8 : int) = (List.fold_left (fun (acc9 : int) (x10 : int) -> x10) (-3) [(lnot (-1))]) in print_string (string_of_int w8); print_char '\n');
  (String.iter (fun c -> print_char c) (String.concat (Printf.sprintf "x=%b|%6b%s" (match None with | (Some (3 as q11)) -> false | p12 -> false | (Some p13) -> true | None -> true | _ -> true) (match 2 with | (1 | 5) -> false | (-1) -> true | 4 -> false | (2 as q14) -> false | _ -> false) ("badb" ^ "d\nea")) []));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (print_newline ());
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  let (v15 : int) = g4 in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (for i16 = 1 downto (-1) do ((print_newline ()); (List.iter (fun (x17 : char) -> (let (w18 : int list) = ([] @ [30003242560; g4; 0]) in print_string (("[" ^ String.concat ";" (List.map (fun x19 -> string_of_int x19) w18) ^ "]")); print_char '\n')) ((List.sort (fun a b -> compare b a) []) @ ['d']))) done);
  (for i20 = 1 to 0 do ((if (List.for_all (fun (x21 : int) -> false) ((g4 land i20) :: [])) then (if (not (if (List.mem [true; false] []) then (try false with | E1 (e22) -> true | _ -> true) else (List.mem ('e', 'b') [('h', 'b')]))) then (let c23 = ref 6 in while !c23 > 0 do decr c23; ((print_char 'e')) done))); (print_int 10; print_char ' ')) done);
  let (v24 : int) = (String.length (let (v25 : string -> bool -> int) = (fun (a26 : string) (a27 : bool) -> g3) in ("adb" ^ "b"))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
