(* Formats as values: format_of_string, ^^, string_of_format, formats chosen by a match,
   %( %) substitutions and %{ %} format arguments. *)
let fmt_of_kind = function
  | `Int -> format_of_string "int: %d\n"
  | `Hex -> format_of_string "hex: %x\n"

let report fmt = Printf.ksprintf (fun s -> print_string ("[" ^ s ^ "]\n")) fmt

let () =
  Printf.printf (fmt_of_kind `Int) 42;
  Printf.printf (fmt_of_kind `Hex) 255;
  let f = "%s = %d" ^^ " (%S)\n" in
  Printf.printf f "x" 3 "three";
  print_endline (string_of_format f);
  print_endline (string_of_format ("a%d" ^^ "b%s"));
  Printf.printf "%(%d-%s%)!\n" "<%d|%s>" 7 "seven";
  Printf.printf "%{%d %s%}|\n" "%d %s";
  report "%d items" 3;
  report "%s and %s" "a" "b";
  let g : (_, _, _) format = if Sys.word_size > 0 then "yes %d\n" else "no %d\n" in
  Printf.printf g 1;
  let fmts = [ format_of_string "%d\n"; format_of_string "(%d)\n"; format_of_string "<%05d>\n" ] in
  List.iteri (fun i f -> Printf.printf f i) fmts;
  let s = Printf.sprintf "%s" (string_of_format "%d%s%!") in
  print_endline s;
  match Printf.sprintf "%d" 3 with
  | "3" -> print_endline "three"
  | _ -> print_endline "other"
