(* CamlinternalFormat from OCaml's sources, driven directly: formats parsed at run time
   (fmt_ebb_of_string), checked against a type (type_format) and printed (make_printf). *)
open CamlinternalFormatBasics

let print_acc acc = CamlinternalFormat.output_acc stdout acc

let int_fmt s =
  let (CamlinternalFormat.Fmt_EBB fmt) = CamlinternalFormat.fmt_ebb_of_string s in
  CamlinternalFormat.type_format fmt (Int_ty (String_ty End_of_fmtty))

let float_fmt s =
  let (CamlinternalFormat.Fmt_EBB fmt) = CamlinternalFormat.fmt_ebb_of_string s in
  CamlinternalFormat.type_format fmt (Float_ty End_of_fmtty)

let float2_fmt s =
  let (CamlinternalFormat.Fmt_EBB fmt) = CamlinternalFormat.fmt_ebb_of_string s in
  CamlinternalFormat.type_format fmt (Float_ty (Float_ty End_of_fmtty))

let () =
  List.iter
    (fun s ->
      CamlinternalFormat.make_printf print_acc End_of_acc (int_fmt s) 42 "abc";
      print_newline ())
    [ "%d %s"; "[%5d|%-6s]"; "%x %S"; "%#o %10s"; "%+d%s"; "%#d %s" ];
  List.iter
    (fun s ->
      CamlinternalFormat.make_printf print_acc End_of_acc (float_fmt s) 3.14159;
      print_newline ())
    [ "%f"; "%.2f"; "%10.3e"; "%g"; "%F"; "%h"; "%H"; "%#F"; "%+.1h"; "%-12.4G|" ];
  List.iter
    (fun x ->
      CamlinternalFormat.make_printf print_acc End_of_acc (float2_fmt "%h %F\n") x x)
    [ 0.0; -0.0; 1.0; 0.1; 1e300; 5e-324; infinity; neg_infinity; nan ]
;
  (try ignore (int_fmt "%f %s") with
   | _ -> print_endline "type mismatch");
  (try ignore (CamlinternalFormat.fmt_ebb_of_string "%y") with
   | Failure msg -> print_endline msg
   | Invalid_argument msg -> print_endline msg);
  let CamlinternalFormat.Fmt_EBB f = CamlinternalFormat.fmt_ebb_of_string "%5.2f and %-3s @[<hov 2>%a@]" in
  print_endline (CamlinternalFormat.string_of_fmt f);
  print_endline (CamlinternalFormat.string_of_fmtty (Int_ty (Char_ty End_of_fmtty)))
