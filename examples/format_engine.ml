(* Format's engine used directly, as report generators and REPLs do: box kinds side by
   side, tabulations, max_indent and max_boxes, free-flowing text, custom output functions,
   symbolic output, tags, and the standard formatters' interleaving with print_string. *)

let words = ["alpha"; "beta"; "gamma"; "delta"; "epsilon"; "zeta"; "eta"; "theta"; "iota";
             "kappa"; "lambda"; "mu"]

let pp_words ppf ws =
  Format.pp_print_list ~pp_sep:Format.pp_print_space Format.pp_print_string ppf ws

let boxes ppf () =
  List.iter (fun (name, open_box) ->
      Format.fprintf ppf "%-6s[" name;
      open_box ppf;
      pp_words ppf words;
      Format.pp_close_box ppf ();
      Format.fprintf ppf "]@\n")
    [ "h", (fun ppf -> Format.pp_open_hbox ppf ());
      "v", (fun ppf -> Format.pp_open_vbox ppf 1);
      "hv", (fun ppf -> Format.pp_open_hvbox ppf 2);
      "hov", (fun ppf -> Format.pp_open_hovbox ppf 3);
      "b", (fun ppf -> Format.pp_open_box ppf 4) ]

let () =
  Format.set_margin 40;
  Format.printf "@[<v>%a@]@." boxes ();
  (* The same at a wider margin, through the geometry functions. *)
  Format.set_geometry ~max_indent:50 ~margin:70;
  Format.printf "margin %d, max_indent %d@." (Format.get_margin ()) (Format.get_max_indent ());
  Format.printf "@[<v>%a@]@." boxes ();
  (* Breaks with offsets and custom breaks. *)
  Format.set_margin 30;
  Format.printf "@[<hv 2>begin@;<1 4>first;@;<1 4>second;@;<1 4>third@;<1 0>end@]@.";
  Format.printf "@[<hv 2>short@;<1 4>one@;<1 0>end@]@.";
  Format.printf "@[<hov 2>[%a]@]@."
    (Format.pp_print_list ~pp_sep:(fun ppf () -> Format.pp_print_custom_break ppf
                                       ~fits:(",", 1, "") ~breaks:(",", 0, "")) Format.pp_print_int)
    [100; 200; 300; 400; 500; 600; 700; 800];
  (* Tabulation boxes: a table whose columns are set by the header. *)
  Format.set_margin 60;
  Format.open_tbox ();
  Format.set_tab (); Format.print_string "name"; Format.print_string "      ";
  Format.set_tab (); Format.print_string "count"; Format.print_string "   ";
  Format.set_tab (); Format.print_string "note";
  List.iter (fun (n, c, note) ->
      Format.print_tab (); Format.print_string n;
      Format.print_tab (); Format.print_int c;
      Format.print_tab (); Format.print_string note)
    ["x", 1, "first"; "longer name", 22, "second"; "z", 333, "third"];
  Format.close_tbox ();
  Format.print_newline ();
  (* Free-flowing text. *)
  Format.set_margin 32;
  Format.printf "@[<hov 4>%a@]@." Format.pp_print_text
    "The quick brown fox jumps over the lazy dog.\nA second line: pack my box with five dozen liquor jugs.";
  (* print_if_newline: a continuation marker only where the line was broken. *)
  Format.printf "@[<hov 2>";
  List.iter (fun w -> Format.print_space (); Format.print_if_newline (); Format.print_string "> ";
                      Format.print_string w) words;
  Format.printf "@]@.";
  (* max_indent: boxes opened too far right are rejected to the left. *)
  Format.set_margin 40;
  Format.set_max_indent 12;
  Format.printf "@[<hov 2>%s@ @[<hov 2>%a@]@]@." "a-long-prefix-that-pushes-the-box" pp_words words;
  Format.set_max_indent 30;
  (* max_boxes: deeper boxes print as the ellipsis. *)
  Format.set_max_boxes 4;
  Format.set_ellipsis_text "...";
  let rec nest ppf n =
    if n = 0 then Format.pp_print_string ppf "core"
    else Format.fprintf ppf "@[<1>(%d %a)@]" n nest (n - 1) in
  Format.printf "%a@." nest 6;
  Format.printf "max boxes %d, ellipsis %S@." (Format.get_max_boxes ()) (Format.get_ellipsis_text ());
  Format.set_max_boxes 100;
  (* Magic sizes: @<n> declares the printed length of the next text. *)
  Format.set_margin 20;
  Format.printf "@[<hov 0>%s@ @<1>%s@ %s@ %s@]@." "abcdefgh" "\xce\xbb\xce\xbb" "ijklmnop" "qrstuvwx";
  (* Custom output functions: count the lines and characters a formatter writes. *)
  let lines = ref 0 and chars = ref 0 in
  let out = { (Format.get_formatter_out_functions ()) with
              Format.out_string = (fun s ofs len -> chars := !chars + len; print_string (String.sub s ofs len));
              Format.out_newline = (fun () -> incr lines; print_string "|\n") } in
  let ppf = Format.formatter_of_out_functions out in
  Format.pp_set_margin ppf 25;
  Format.fprintf ppf "@[<hov 2>counting:@ %a@]@." pp_words words;
  Printf.printf "%d lines, %d characters\n" !lines !chars;
  (* Symbolic output: what the engine emits, as data. *)
  let sob = Format.make_symbolic_output_buffer () in
  let sppf = Format.formatter_of_symbolic_output_buffer sob in
  Format.pp_set_margin sppf 12;
  Format.fprintf sppf "@[<v 3>ab@,cd@ ef@]@?";
  List.iter (function
      | Format.Output_flush -> print_string "flush; "
      | Format.Output_newline -> print_string "newline; "
      | Format.Output_string s -> Printf.printf "string %S; " s
      | Format.Output_spaces n -> Printf.printf "spaces %d; " n
      | Format.Output_indent n -> Printf.printf "indent %d; " n)
    (Format.flush_symbolic_output_buffer sob);
  print_newline ();
  (* Tags: marked with the default markers once mark_tags is on. *)
  Format.set_margin 78;
  Format.set_tags true;
  Format.printf "@{<b>bold@} and @{<i>@{<u>nested@}@} tags@.";
  Format.set_tags false;
  Format.printf "@{<b>unmarked@}@.";
  (* Options, results, either and sequences. *)
  let pp_opt = Format.pp_print_option ~none:(fun ppf () -> Format.pp_print_string ppf "none")
      Format.pp_print_int in
  Format.printf "%a %a@." pp_opt (Some 4) pp_opt None;
  let pp_res = Format.pp_print_result ~ok:Format.pp_print_int ~error:Format.pp_print_string in
  Format.printf "%a %a@." pp_res (Ok 1) pp_res (Error "bad");
  Format.printf "%a@." (Format.pp_print_seq ~pp_sep:(fun ppf () -> Format.pp_print_string ppf "-")
                          Format.pp_print_char) (String.to_seq "seq");
  (* Interleaving: Format buffers until flushed, print_string writes at once. *)
  Format.printf "formatted ";
  print_string "direct ";
  Format.printf "@?";
  print_string "after-flush\n";
  Format.eprintf "@[on stderr:@ %d@]@." 42;
  Format.printf "pending at exit, flushed by at_exit"
