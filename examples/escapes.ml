let () =
  print_endline (String.escaped "tab\there \"q\" back\\ nl\n bell\007 hi\200");
  print_endline (Char.escaped 'a' ^ Char.escaped '\'' ^ Char.escaped '\n' ^ Char.escaped '\001');
  Printf.printf "%S %C %S|%12S|%-6C|\n" "a\"b" 'x' "" "pad" '\\';
  print_endline (Printf.sprintf "[%S]" "x\ty");
  (match int_of_string_opt "12" with Some n -> print_int n | None -> ());
  (match int_of_string_opt "1x" with Some n -> print_int n | None -> print_string " none");
  print_newline ();
  Printf.printf "%s %s\n" (String.cat "ab" "cd") (String.mapi (fun i c -> if i mod 2 = 0 then Char.uppercase_ascii c else c) "hello");
  Printf.printf "%d %b\n" (String.rindex_from "abcabc" 4 'a') (String.rcontains_from "abc" 1 'c');
  (match String.index_from_opt "abc" 1 'a' with None -> print_endline "none" | Some i -> print_int i);
  (match bool_of_string_opt "true" with Some b -> Printf.printf "%b\n" b | None -> ())
