(* Printf, Format and Scanf as the installed printf.ml, format.ml and scanf.ml define them:
   the functions the typer's former elaboration did not have, and formats as
   CamlinternalFormatBasics values. *)
open CamlinternalFormatBasics

let describe : type a b c d e f. (a, b, c, d, e, f) format6 -> string = function
  | Format (Int (Int_d, No_padding, No_precision, End_of_format), s) -> "int " ^ s
  | Format (String_literal (lit, _), s) -> "literal " ^ String.escaped lit ^ " of " ^ s
  | Format (_, s) -> "other " ^ s

let () =
  print_endline (describe "%d");
  print_endline (describe "ab%s");
  print_endline (describe ("x%d" ^^ "%s"));
  print_endline (string_of_format (format_of_string "%5.2f|%-3s"));
  (* Format's semantic tags *)
  let ppf = Format.std_formatter in
  Format.pp_set_tags ppf true;
  Format.pp_set_mark_tags ppf true;
  Format.set_formatter_stag_functions
    { (Format.get_formatter_stag_functions ()) with
      Format.mark_open_stag = (function Format.String_tag s -> "<" ^ s ^ ">" | _ -> "<?>");
      mark_close_stag = (function Format.String_tag s -> "</" ^ s ^ ">" | _ -> "</?>") };
  Format.pp_open_stag ppf (Format.String_tag "b");
  Format.pp_print_string ppf "bold";
  Format.pp_close_stag ppf ();
  Format.printf "@{<i>%s@}@." "italic";
  Format.set_tags false;
  Format.printf "@{<i>%s@}@." "plain";
  (* Printf.ikbprintf gives the buffer to the continuation without printing *)
  let b = Buffer.create 8 in
  Printf.ikbprintf (fun b -> Buffer.add_string b "k") b "%d %s" 1 "x";
  print_endline (Buffer.contents b);
  (* Scanf's format functions *)
  let f = Scanf.format_from_string "[%d]" "%i" in
  Printf.printf f 42;
  print_newline ();
  Scanf.sscanf "\"%s-%s\"" "%{%s-%s%}" (fun f -> print_endline (string_of_format f));
  Scanf.sscanf_format "\"<%d>\"" "%i" (fun f -> Printf.printf f 7);
  print_newline ();
  (try ignore (Scanf.format_from_string "%s" "%d")
   with Scanf.Scan_failure m | Failure m -> print_endline ("bad format: " ^ m));
  (* a reader of the abstract Scanning.in_channel *)
  let twice (ib : Scanf.Scanning.in_channel) = Scanf.bscanf ib " %d" (fun x -> 2 * x) in
  Scanf.sscanf "w 21" "%s %r" twice (fun s n -> Printf.printf "%s %d\n" s n);
  (* unsafe_really_input *)
  let name = Filename.temp_file "egret" ".txt" in
  let oc = open_out_bin name in
  output_string oc "hello world";
  close_out oc;
  let ic = open_in_bin name in
  let buf = Bytes.make 5 '.' in
  unsafe_really_input ic buf 0 5;
  close_in ic;
  Sys.remove name;
  print_endline (Bytes.to_string buf)
