type t0 = C0_0 | C0_1 | C0_2 of int | C0_3
let rec show_t0 (v : t0) : string = match v with
  | C0_0 -> "C0_0"
  | C0_1 -> "C0_1"
  | C0_2 (a0) -> "C0_2(" ^ string_of_int a0 ^ ")"
  | C0_3 -> "C0_3"
type t1 = C1_0 | C1_1 of int * char
let rec show_t1 (v : t1) : string = match v with
  | C1_0 -> "C1_0"
  | C1_1 (a0, a1) -> "C1_1(" ^ string_of_int a0 ^ "," ^ String.make 1 a1 ^ ")"
type t2 = C2_0 | C2_1 of int | C2_2
let rec show_t2 (v : t2) : string = match v with
  | C2_0 -> "C2_0"
  | C2_1 (a0) -> "C2_1(" ^ string_of_int a0 ^ ")"
  | C2_2 -> "C2_2"
type r0 = { r0_f0 : int; r0_f1 : char; r0_f2 : char }
let show_r0 (v : r0) : string = "{" ^ "r0_f0=" ^ string_of_int v.r0_f0 ^ ";" ^ "r0_f1=" ^ String.make 1 v.r0_f1 ^ ";" ^ "r0_f2=" ^ String.make 1 v.r0_f2 ^ "}"
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
let g1 : string list = (match (Char.chr ((-1) land 255)) with | ('a' .. 'm') when ((print_endline "ab\nbd\156"); let (v2 : int * int) = ((-1), 6) in true) -> (match (Some (false, true)) with | None -> ["ddba"] | _ -> ["ceb\192a"; ""; "\003\\bdbc"]) | '\'' -> (if true then [""; "ab\naae"] else []) | p3 -> (["bec"; ""; "d%bwc"] @ [" eb"; "cdcgc"; "b"]) | p4 when (if true then false else true) -> ["e\\aeb"; "eebd "] | _ -> (List.init (1 land 7) (fun (i5 : int) -> "acbeb")))
let f6 (x7 : char) : int =
  7
let f8 (x9 : t2) (x10 : char list) : t1 =
  (C1_1 (11, (match 5 with | p11 when true -> ((Printf.printf " %i%-4d\n" p11 4); (let (w12 : string) = "\\abcac" in print_string (("\"" ^ w12 ^ "\"")); print_char '\n'); let (v13 : (char * int) ref) = (ref ('b', p11)) in 'e') | 3 when (try false with | Division_by_zero -> false | Failure m14 -> false | _ -> true) -> 'f' | _ -> 'c')))
let f15 (x16 : bool) (x17 : t2) (x18 : t2) : r0 =
  { r0_f0 = (match (-3) with | (-2) -> 1099511627776 | ((-2) as q19) when (not x16) -> (if x16 then q19 else 1099511627776) | 2 -> (if x16 then (failwith "d") else 7) | p20 -> (match [] with | ((-2) :: []) -> (-2) | _ -> 3 | (3 :: p21) when x16 -> (-4611686018427387904) | _ -> p20) | _ -> (f6 '\214')); r0_f1 = ((fun (a22 : int list) -> (Char.chr (5 land 255))) (List.map (fun (x23 : int) -> x23) [])); r0_f2 = (Char.chr ((-492581702628) land 255)) }
let () =
  (try
  (for i24 = 2 to 2 do ((print_char (match ((fun (a25 : char) -> (try [{ r0_f0 = i24; r0_f1 = a25; r0_f2 = a25 }] with | Invalid_argument m26 -> [{ r0_f0 = i24; r0_f1 = 'e'; r0_f2 = 'h' }; { r0_f0 = (-2); r0_f1 = a25; r0_f2 = a25 }] | ex27 -> print_string "reraise "; raise ex27)) (match [(false, false)] with | ((_, _) :: [(false, false)]) -> 'f' | (p28 :: [(false, true)]) -> '\009' | [] when false -> 'U' | (((false, true) as q29) :: ((false, false) :: [])) -> 'a' | _ -> '\248')) with | [{ r0_f2 = 'F'; _ }] -> 'e' | p30 -> 'f' | [] -> (Char.chr ((try int_of_string "bc\191" with Failure _ -> 7) land 255)) | (p31 :: ([] as q32)) -> (p31.r0_f2) | _ -> (if (i24 >= 392463350549) then (failwith "") else (try 'g' with | Division_by_zero -> 'a' | Not_found -> 'b' | E0 (e33) -> '\009'))))) done);
  (let (w34 : string list) = (List.sort compare (try (List.sort (fun a b -> compare b a) g1) with | Division_by_zero -> (g1 @ g1) | ex35 -> print_string "reraise "; raise ex35)) in print_string (("[" ^ String.concat ";" (List.map (fun x36 -> ("\"" ^ x36 ^ "\"")) w34) ^ "]")); print_char '\n');
  (Printf.printf "%c" (let (v37 : r0 ref) = (ref (match (Some []) with | _ -> { r0_f0 = 3; r0_f1 = '\213'; r0_f2 = '\138' } | _ -> { r0_f0 = 8; r0_f1 = 'f'; r0_f2 = 'g' } | p38 -> { r0_f0 = 169; r0_f1 = 'd'; r0_f2 = 'g' } | _ -> { r0_f0 = (-1); r0_f1 = 'e'; r0_f2 = 'e' })) in (try 'R' with | Not_found -> (Char.chr (0 land 255)) | Division_by_zero -> (Char.chr (768200894446 land 255)) | ex39 -> print_string "reraise "; raise ex39)));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (ignore (let c43 = (List.length (try [true; false] with | Not_found -> [] | E0 (e40) -> [false; false] | Invalid_argument m41 -> [false] | ex42 -> print_string "reraise "; raise ex42)) in let c44 = ((5 - 3) + 946) in compare c43 c44));
  (print_endline (String.concat ((String.init (33 land 7) (fun (i45 : int) -> 'W')) ^ (String.make (7 land 7) 'b')) (if ((7, 'f') > (2, 'c')) then ("dobdb" :: g1) else (List.rev g1))));
  ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (ignore (match (let (v46 : bool) = (List.exists (fun (x47 : t1) -> true) []) in ("d" ^ "cb")) with | "\njxcc" when false -> 10 | p48 -> (let (v49 : bool -> bool) = (fun (a50 : bool) -> true) in ((fun (a51 : string) -> 2) p48)) | "cbaaed" -> ((if ('g' > 'c') then (String.iter (fun c -> print_char c) "")); (Printf.printf "%B%c%c\n" (9 > 5) '\n' 'h'); (ignore (fun (a52 : char) (a53 : int) -> a53)); (let (v54 : int) = (-2) in let (v55 : string) = "" in 4)) | p56 -> (- (-438227718308)) | _ -> (f6 ((fun (a57 : int) -> 'f') 6))));
  let (v58 : char -> char -> bool) = ((for i59 = 2 to 6 do ((Printf.printf "%c%B%d\n" 'Z' true (max (match [] with | [] -> i59 | _ -> i59) (1099511627776 * 9)))) done); (let (v60 : bool option) = (Some false) in ((List.iter (fun (x61 : bool) -> (let (w62 : (string * int) option) = (Some ("a", 823)) in print_string ((match w62 with None -> "None" | Some x63 -> "Some(" ^ (let (p64, p65) = x63 in "(" ^ ("\"" ^ p64 ^ "\"") ^ "," ^ string_of_int p65 ^ ")") ^ ")")); print_char '\n')) []); (fun (a66 : char) (a67 : char) -> false)))) in let (v68 : int ref) = (if (v58 'W' (Char.chr ((-1) land 255))) then (ref 5) else (ref (let (v69 : string -> char -> int) = (fun (a70 : string) (a71 : char) -> 7) in (-183527876738)))) in let (v72 : int) = (try (-712) / (List.fold_left (fun (acc73 : int) (x74 : int) -> x74) 2 ((fun (a75 : int) -> [652]) (-1))) with Division_by_zero -> 1) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (if ((fun (a76 : char * int) -> (try (false || false) with | Invalid_argument m77 -> ((fun (a78 : r0) -> false) { r0_f0 = 2; r0_f1 = 'd'; r0_f2 = 'd' }))) (if ((C0_2 (10)) <> C0_0) then ('c', 5) else (if true then ('\'', 822066180629) else ('a', 8)))) then (ignore C0_3));
  let (v79 : int ref) = ((fun (a80 : int) -> (ref (a80 * a80))) (let (v81 : string) = ("d" ^ "ccacc") in (match false with | true -> 5 | ((true | false) | true) -> 12 | p82 when p82 -> 2 | (_ | false) -> (-829171696604) | _ -> (-1)))) in let (v83 : string -> char -> string) = (fun (a84 : string) (a85 : char) -> (String.make ((String.length "%d") land 7) a85)) in let (v86 : string * int) = ("eaea\"", 9) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
let () =
  (try
  (let (w87 : char) = 'b' in print_string (String.make 1 w87); print_char '\n');
  let (v88 : (char * char) ref) = (ref ((let (v89 : bool) = false in let (v90 : int ref) = (ref (-118)) in 'e'), (try String.get "ecaa%e" 1 with Invalid_argument _ -> '?'))) in let (v92 : int) = (-1) in let (v93 : string list) = (match ((match [] with | ((C2_1 (_)) :: _) when false -> "dab" | p94 -> "add" | _ -> "bcc") ^ ((for i95 = 3 to 9 do ((let (w96 : t0 list) = [C0_0; C0_3; C0_3] in print_string (("[" ^ String.concat ";" (List.map (fun x97 -> show_t0 x97) w96) ^ "]")); print_char '\n')) done); let (v98 : int ref) = (ref 3) in (print_newline ()); "c\"be")) with | "d" -> (List.rev g1) | _ -> (if (let (v99 : string * string) = ("ece\n", "e\\aeaa") in true) then ((v88 := ('h', 'd')); (let (w100 : char list) = ['d'; 'a'; 'g'] in print_string (("[" ^ String.concat ";" (List.map (fun x101 -> String.make 1 x101) w100) ^ "]")); print_char '\n'); (ignore "ec\184"); [""]) else (List.rev g1))) in ()
  with e -> print_string ("!" ^ show_exn e ^ "\n"));
  print_string "--\n"
