(* Printf's precision on integer conversions (a minimum number of digits, boxed integers
   too) and `*` widths and precisions on %ld %Ld %nd. *)
let () =
  Printf.printf "[%.3d] [%.3d] [%.0d] [%.0d] [%5.3d] [%-6.3d|] [%+.3d] [% .3d]\n" 5 (-5) 0 7 42 42 5 5;
  Printf.printf "[%.4x] [%#.4x] [%#x] [%.2o] [%#.5o] [%#.2o] [%.3u] [%.3X] [%#.3X]\n" 255 255 255 8 8 8 7 255 255;
  Printf.printf "[%08.3d] [%*d] [%-*d] [%.*d] [%*.*d]\n" 5 6 42 6 42 4 7 8 3 9;
  Printf.printf "[%.3ld] [%*ld] [%.*Ld] [%-*nx] [%5.3li] [%#.6Lx] [%.2nd]\n" 5l 6 42l 4 7L 5 255n 9l 255L (-3n);
  Printf.printf "[%.10d] [%.3d] [%#.3d] [%#5.2d]\n" max_int min_int 1234567 12345;
  Printf.printf "[%.0ld] [%.0Lx] [%.1nd] [%.20Ld]\n" 0l 0L 0n Int64.min_int;
  print_endline (Printf.sprintf "%*ld|%-*li|%.*ld" 4 42l 5 43l 3 9l);
  let f = Printf.sprintf "%.4d-%.2d" in
  print_endline (f 7 3);
  Format.printf "@[%.3d %*Ld@]@." 1 6 99L
let () =
  let fmt = format_of_string "%.3d|%*ld|%.2Lx\n" in
  Printf.printf fmt 7 4 5l 10L;
  Printf.printf fmt (-7) 5 (-6l) 255L
