(* Printf with widths, flags, and every conversion in the subset *)
let () =
  Printf.printf "[%d] [%5d] [%-5d] [%05d] [%i]\n" 42 42 42 42 (-7);
  Printf.printf "[%d] [%5d] [%-5d] [%05d]\n" (-42) (-42) (-42) (-42);
  Printf.printf "[%x] [%X] [%o] [%8x] [%-8X] [%08o]\n" 255 255 255 48879 48879 8;
  Printf.printf "[%x] [%X]\n" (-1) min_int;
  Printf.printf "[%s] [%10s] [%-10s] [%2s]\n" "abc" "abc" "abc" "abcdef";
  Printf.printf "[%c] [%3c] [%-3c]\n" 'z' 'z' 'z';
  Printf.printf "[%b] [%B] [%6b] [%-6B]\n" true false false true;
  Printf.printf "100%% done, %d%% left%!\n" 0;
  Printf.printf "max=%d min=%d\n" max_int min_int;
  Printf.printf "%d %d %d %d %d\n" 1 2 3 4 5;
  Printf.printf "no args\n";
  let s = Printf.sprintf "%s-%d-%c" "x" 1 'y' in
  print_endline s;
  let row name qty price = Printf.sprintf "| %-10s | %4d | %8d |" name qty price in
  List.iter (fun (n, q, p) -> print_endline (row n q p))
    [ ("apples", 3, 150); ("kiwis", 12, 1999); ("a-very-long-name", 1, 7) ];
  let pr = Printf.printf "%s=%d\n" in
  pr "partial" 1;
  pr "again" 2;
  let fmt_pair = Printf.sprintf "(%d, %d)" in
  print_endline (String.concat " " (List.map (fun (a, b) -> fmt_pair a b) [ (1, 2); (3, 4) ]));
  Printf.eprintf "to stderr: %d\n" 99;
  prerr_endline "prerr_endline";
  prerr_string "prerr_string ";
  prerr_int 5;
  prerr_string "\n";
  Printf.printf "%s%s\n" "" "";
  Printf.printf "%5s|%-5s|\n" "" "";
  Printf.printf "%03d|%-3d|%3d\n" 1234 1234 1234;
  Printf.printf "%d%s%c%b\n" 0 "s" 'c' true;
  print_string (string_of_bool true ^ " " ^ string_of_int (-0) ^ "\n");
  print_int (-123); print_char ' '; print_int max_int; print_newline ();
  Printf.printf "%x %o %X\n" 0 0 0
