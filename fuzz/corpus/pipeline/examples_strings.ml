(* String building and inspection. *)
let () =
  let s = "Hello, World" in
  Printf.printf "%d %c %s\n" (String.length s) s.[4] (String.sub s 7 5);
  print_endline (String.uppercase_ascii s);
  print_endline (String.make 5 '*' ^ "|" ^ String.init 6 (fun i -> Char.chr (97 + i)));
  let count c s = let n = ref 0 in String.iter (fun d -> if d = c then incr n) s; !n in
  Printf.printf "l appears %d times\n" (count 'l' s);
  print_endline (String.concat "-" ["a"; "b"; "c"]);
  List.iter print_endline (String.split_on_char ',' "x,y,,z");
  Printf.printf "[%s]\n" (String.trim "   padded \t ");
  let rev s = let n = String.length s in String.init n (fun i -> s.[n - 1 - i]) in
  print_endline (rev "stressed");
  Printf.printf "%d %d %d\n" (compare "abc" "abd") (compare "b" "abc") (compare "same" "same");
  print_endline (string_of_int (int_of_string "12345" + 1));
  print_endline (string_of_bool (String.equal "x" "x"));
  Printf.printf "%d\n" (Char.code 'A');
  print_string "escapes: \t\"quoted\"\\ \065\x42\n"
