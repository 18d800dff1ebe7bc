type r0 = { r0_f0 : int; mutable r0_f1 : int list; mutable r0_f2 : char list }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_int v.r0_f0 ^ ";" ^ "r0_f1=" ^ ("[" ^ String.concat ";" (List.map (fun x1 -> string_of_int x1) v.r0_f1) ^ "]") ^ ";" ^ "r0_f2=" ^ ("[" ^ String.concat ";" (List.map (fun x2 -> String.make 1 x2) v.r0_f2) ^ "]") ^ "}"
type r1 = { mutable r1_f0 : bool list }
let show_r1 (v : r1) : string = "{" ^ "r1_f0=" ^ ("[" ^ String.concat ";" (List.map (fun x3 -> string_of_bool x3) v.r1_f0) ^ "]") ^ "}"
exception E0 of string * int
exception E1 of string * int
let show_exn (e : exn) : string = match e with
  | E0 (a0, a1) -> "E0(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | E1 (a0, a1) -> "E1(" ^ ("\"" ^ a0 ^ "\"") ^ "," ^ string_of_int a1 ^ ")"
  | Not_found -> "Not_found"
  | Failure s -> "Failure(" ^ s ^ ")"
  | Invalid_argument s -> "Invalid_argument(" ^ s ^ ")"
  | Division_by_zero -> "Division_by_zero"
  | Exit -> "Exit"
  | Match_failure _ -> "Match_failure"
  | Assert_failure _ -> "Assert_failure"
  | _ -> "?"
let g4 : int = (7 * (if false then 8 else (-3)))
let g5 : int ref = (let (v6 : r0 ref) = (ref { r0_f0 = g4; r0_f1 = []; r0_f2 = [] }) in (let (w7 : char) = 'c' in print_string (String.make 1 w7); print_char '\n'); (print_int ((-1) - g4); print_char ' '); (ref g4))
let g8 : char = (let s9 = (Printf.sprintf "%%%s" "cded") in if String.length s9 = 0 then 'z' else s9.[((3 - 10) land max_int) mod String.length s9])
let rec r10 (n11 : int) : int =
  if n11 <= 0 then (-1) else let x13 = r10 (n11 - 1) in (x13 + (x13 - 9))
let () =
  Printf.printf "r10 %d\n" (r10 4043);
  print_string "--\n"
let f14 (x15 : int option) : bool =
  ((match (g4 - 7) with | p16 -> g4 | _ -> (match g4 with | (4 | 5) -> g4 | 3 -> g4 | (-1) -> g4 | 3 -> 8 | _ -> g4) | _ -> (List.fold_left (fun (acc17 : int) (x18 : bool) -> g4) g4 [true]) | 4 -> (let c19 = (9, 10) in let c20 = (1099511627776, g4) in compare c19 c20) | _ -> ((let c21 = ref 2 in while !c21 > 0 do decr c21; ((if true then (print_int g4; print_char ' ')); (List.iter (fun (x22 : int) -> (print_endline "ddd")) [])) done); (print_endline "aa"); 4)) < (match ("", "dde") with | ((p24, "abc\\") as q23) -> ((print_newline ()); let (v25 : int ref) = g5 in (List.iter (fun (x26 : int) -> (let (w27 : int) = 5 in print_string (string_of_int w27); print_char '\n')) []); 4) | p28 when true -> (List.fold_left (fun (acc29 : int) (x30 : char * string) -> g4) g4 [(g8, "ecebe"); (g8, "edebcb")]) | _ -> ((-1) * g4)))
let () =
  let (v31 : char option ref) = (ref (Some g8)) in (for i32 = 2 to 2 do ((for i33 = 0 to (-1) do ((let (w34 : r0) = { r0_f0 = (!g5); r0_f1 = (let (v35 : r1) = { r1_f0 = [true] } in (List.rev [])); r0_f2 = (List.map (fun (x36 : string * int) -> (let s37 = "e" in if String.length s37 = 0 then 'z' else s37.[(0 land max_int) mod String.length s37])) []) } in print_string (show_r0 w34); print_char '\n'); (v31 := None)) done)) done);
  (let (w38 : int option) = (let (v39 : int) = (Char.code (let s40 = "" in if String.length s40 = 0 then 'z' else s40.[(185062011872 land max_int) mod String.length s40])) in (let (v41 : bool list) = (let (v42 : int ref) = (ref g4) in (print_endline "da\""); let (v43 : int ref) = (ref v39) in []) in (Some 5))) in print_string ((match w38 with None -> "None" | Some x44 -> "Some(" ^ string_of_int x44 ^ ")")); print_char '\n');
  let (v45 : string -> int -> bool) = (fun (a46 : string) (a47 : int) -> (let (v48 : char ref) = (ref g8) in let (v49 : int ref) = (ref 9) in let (v50 : string * int) = ("ecadd", a47) in false)) in print_string "--\n"
let () =
  let (v51 : (int * char) ref) = (ref (match (max g4 g4) with | _ -> ((-1), g8) | 1 -> ((print_newline ()); (String.iter (fun c -> print_char c) "\nabebb"); let (v52 : string list ref) = (ref ["e\npcab"; "cb"; "ce"]) in (10, g8)) | _ -> (g4, g8) | _ -> (g4, g8))) in print_string "--\n"
let () =
  (let (w53 : string * int list) = ("cabc", ((match g4 with | 4 -> [] | (-2) -> [1] | 1 -> [] | _ -> [12] | _ -> []) @ (match ({ r1_f0 = [true; false] }, 'b') with | (({ r1_f0 = [true]; _ } | _), ('a' .. 'm')) when false -> [] | _ -> []))) in print_string ((let (p54, p55) = w53 in "(" ^ ("\"" ^ p54 ^ "\"") ^ "," ^ ("[" ^ String.concat ";" (List.map (fun x56 -> string_of_int x56) p55) ^ "]") ^ ")")); print_char '\n');
  (Printf.printf "%d%X|%c\n" (((min 6 g4) - (pred g4)) lsl (((1099511627776 - g4) - (3 mod (g4 lor 1))) land 63)) 10 'd');
  print_string "--\n"
let () =
  (let (w57 : int) = (succ (g4 lxor (if true then g4 else (-962)))) in print_string (string_of_int w57); print_char '\n');
  (let (w58 : bool) = ((List.mem (Char.chr (g4 land 255)) (List.filter (fun (x59 : char) -> false) [])) || (not (match false with | true when true -> true | false when true -> false | _ -> true))) in print_string (string_of_bool w58); print_char '\n');
  print_string "--\n"
let () =
  (let (w60 : int list) = [g4; (let (v61 : int) = (2 / (1099511627776 lor 1)) in (Printf.printf "%%%s|%x\n" (string_of_bool true) (v61 + g4)); (g4 - 6))] in print_string (("[" ^ String.concat ";" (List.map (fun x62 -> string_of_int x62) w60) ^ "]")); print_char '\n');
  print_string "--\n"
let () =
  (for i63 = (-1) to 2 do ((print_int (fst ((match (i63, true) with | p64 -> 1 | _ -> g4), (g8, "e"))); print_char ' '); (for i65 = 6 downto 1 do ((let (w66 : bool * (int * char)) = (false, ((i65 * (-2)), (if true then g8 else g8))) in print_string ((let (p67, p68) = w66 in "(" ^ string_of_bool p67 ^ "," ^ (let (p69, p70) = p68 in "(" ^ string_of_int p69 ^ "," ^ String.make 1 p70 ^ ")") ^ ")")); print_char '\n')) done)) done);
  let (v71 : char -> int) = (fun (a72 : char) -> (let c73 = (g4 * g4) in let c74 = (4 / (12 lor 1)) in compare c73 c74)) in (String.iter (fun c -> print_char c) (String.init ((max (let (v76 : int) = 2 in v76) ((print_char g8); let (v77 : r1 ref) = (ref { r1_f0 = [false] }) in let (v78 : int ref) = (ref g4) in g4)) land 7) (fun (i75 : int) -> (let (v79 : bool list) = [false] in 'c'))));
  print_string "--\n"
