(* The printf family as programs use it: ksprintf failwith for error messages, bprintf into
   a Buffer, %* widths for aligned tables, %a and %t printers, kfprintf/ifprintf for a
   logger, and Format's sprintf/asprintf/kasprintf/dprintf. *)

exception Parse_error of string


let parse_int line s =
  match int_of_string_opt s with
  | Some n -> n
  | None ->
    Printf.ksprintf (fun msg -> raise (Parse_error msg))
      "line %d: %S is not an integer (%d chars)" line s (String.length s)

type item = { name : string; qty : int; price : float }

let items = [
  { name = "apples"; qty = 12; price = 0.5 };
  { name = "bread"; qty = 1; price = 2.25 };
  { name = "cheese (aged)"; qty = 3; price = 7.125 };
  { name = "dates"; qty = 250; price = 0.04 };
]

let pp_item oc it = Printf.fprintf oc "%s x%d" it.name it.qty
let show_item () it = Printf.sprintf "<%s>" it.name

(* A table: column widths computed from the data, given with %*d and %-*s. *)
let table items =
  let w = List.fold_left (fun w it -> max w (String.length it.name)) 4 items in
  let b = Buffer.create 256 in
  Printf.bprintf b "%-*s | %*s | %*s\n" w "name" 5 "qty" 9 "total";
  Printf.bprintf b "%s\n" (String.make (w + 20) '-');
  List.iter (fun it ->
      Printf.bprintf b "%-*s | %*d | %*.*f\n" w it.name 5 it.qty 9 2 (float it.qty *. it.price))
    items;
  let total = List.fold_left (fun s it -> s +. float it.qty *. it.price) 0. items in
  Printf.bprintf b "%*s   %*.3f\n" (w + 8) "sum" 9 total;
  Buffer.contents b

(* A logger: messages below the level cost nothing (ifprintf), others are counted. *)
let level = ref 2
let count = ref 0
let logged oc = incr count; output_char oc '\n'

let () =
  print_string (table items);
  (try ignore (parse_int 3 "12x") with Parse_error m -> Printf.printf "error: %s\n" m);
  (try ignore (parse_int 4 "42" + parse_int 5 "") with Parse_error m -> Printf.printf "error: %s\n" m);
  (try Printf.ksprintf failwith "bad value %d (max %d)" 99 10
   with Failure m -> Printf.printf "failure: %s\n" m);
  Printf.printf "%a and %a\n" pp_item (List.hd items) pp_item (List.nth items 2);
  Printf.printf "%s\n" (Printf.sprintf "%a%a|%t" show_item (List.hd items) show_item (List.nth items 1)
                          (fun () -> "theta"));
  Printf.printf "[%5d] [%-5d] [%05d] [%x] [%#o] [%+d] [% d] [%c] [%C] [%B] [%5.1f%%]\n"
    42 42 42 255 8 7 7 'z' '\n' false 99.44;
  Printf.printf "[%*d] [%-*d] [%.*f] [%*.*e]\n" 6 (-17) 6 17 3 3.14159 12 2 12345.678;
  Printf.printf "%s@[not a box@]@@ %%@.\n" "printf prints at-signs: ";
  if 1 <= !level then Printf.kfprintf logged stdout "starting with %d items" (List.length items);
  if 3 <= !level then Printf.kfprintf logged stdout "too detailed: %a" pp_item (List.hd items)
  else Printf.ifprintf stdout "too detailed: %a" pp_item (List.hd items);
  Printf.kfprintf logged stdout "total quantity %d" (List.fold_left (fun s it -> s + it.qty) 0 items);
  Printf.printf "%d messages logged\n" !count;
  (* Format's string functions. *)
  let s = Format.sprintf "@[<hov 2>%s:@ %d@ %a@]" "answer" 42 (fun () x -> string_of_float x) 1.5 in
  Printf.printf "Format.sprintf: %S\n" s;
  let pp_pair ppf (a, b) = Format.fprintf ppf "@[<1>(%d,@ %s)@]" a b in
  Format.kasprintf print_endline "kasprintf: %a %a" pp_pair (1, "one") pp_pair (2, "two");
  let msg = Format.ksprintf String.uppercase_ascii "ksprintf %s %d" "shout" 3 in
  print_endline msg;
  let delayed = Format.dprintf "dprintf: %d + %d = %d" 2 3 5 in
  Format.printf "@[%t@]@." delayed;
  Format.printf "%s %a@." "and" (fun ppf () -> Format.fprintf ppf "unit printer") ();
  Format.ifprintf Format.std_formatter "never %d" 1;
  (* The k- and i-variants, and Format's deprecated bprintf/kprintf. *)
  let b = Buffer.create 16 in
  Printf.kbprintf (fun b -> Buffer.add_string b "|done") b "%d+%d" 1 2;
  Printf.ibprintf b "%d" 5;
  print_endline (Buffer.contents b);
  Printf.printf "%d\n" (Printf.ikfprintf (fun _ -> 42) stdout "%d %s" 1 "x");
  let d = Format.kdprintf (fun pr ppf -> Format.fprintf ppf "<%t>" pr) "kdprintf %d" 7 in
  Format.printf "%t@." d;
  Format.printf "%d@." (Format.ikfprintf (fun _ -> 3) Format.std_formatter "@[%d@]" 9);
  let b2 = Buffer.create 16 in
  Format.bprintf b2 "@[<v 2>bprintf@,%s@]" "b";
  print_endline (Buffer.contents b2);
  print_endline (Format.kprintf String.uppercase_ascii "k%sk" "printf")
