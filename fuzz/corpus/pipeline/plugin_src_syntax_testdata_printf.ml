(* Printf with widths, flags and several conversions; string functions. *)
let pad = 8

let show_row name value =
  Printf.printf "%-10s|%5d|%05d|%x|%X|%o|%c|%b|%s%%\n" name value value value value value 'z' (value > 3) "ok"

let () =
  show_row "one" 1;
  show_row "big" 255;
  let s = Printf.sprintf "[%*d]" pad 42 in
  print_endline s;
  Printf.eprintf "warning: %s\n%!" "to stderr";
  let line = String.make 20 '-' in
  print_endline line;
  let words = [ "alpha"; "beta"; "gamma" ] in
  print_endline (String.concat ", " words);
  String.iter (fun c -> print_char (Char.chr (Char.code c + 1))) "HAL";
  print_newline ();
  Printf.printf "%s has %d chars; first is %C\n" "egret" (String.length "egret") "egret".[0];
  print_string "tab\tnewline\\n \"quoted\" \065\x42\o103 \
                continued\n"
