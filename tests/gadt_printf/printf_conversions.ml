(* Printf from OCaml's printf.ml: the conversions, widths, precisions and flags. *)
let () =
  Printf.printf "[%5s][%-5s][%.3f][%+d][%#x][%o][%e][%g][%c][%C][%S][%b]\n" "ab" "cd"
    3.14159 5 255 8 1234.5 0.0001 'x' 'y' "q\"z" true;
  Printf.printf "%*d|%-*d|%.*f|%0*d\n" 5 42 5 42 2 3.14159 6 (-12);
  Printf.printf "%F %F %F %h %H %#F\n" 1.0 1e100 nan 0.1 (-2.5) 3.0;
  Printf.printf "%5.1e|%-12G|%+.0f|% d|%#o|%#X\n" 12345.678 1e-10 2.5 7 8 48879;
  Printf.printf "%ld %Ld %nd %lx %Lu %#nx\n" 1l 2L 3n 255l (-1L) 255n;
  Printf.printf "%#d %#i %#u\n" 1234567 (-9876543) 1000;
  Printf.printf "%a|%t\n" (fun oc x -> output_string oc (string_of_int x)) 5
    (fun oc -> output_string oc "theta");
  Printf.printf "@[not a box@]@. %% %@ %,|\n";
  print_endline (Printf.sprintf "%d%%" 50);
  Printf.ksprintf print_endline "k%s%d" "sprintf" 1;
  let b = Buffer.create 16 in
  Printf.bprintf b "%d,%d" 1 2;
  print_endline (Buffer.contents b);
  Printf.kbprintf (fun b -> print_endline (Buffer.contents b)) b "+%s" "more";
  Printf.ifprintf stdout "%d ignored\n" 3;
  Printf.fprintf stdout "%s\n%!" "flushed"
