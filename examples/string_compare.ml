(* String and bytes comparisons: `=`, `<>`, `<`, `<=`, `>`, `>=` and `compare` at type string
   are OCaml's string primitives (lexicographic over bytes, a prefix first). *)
let show_cmp a b =
  Printf.printf "%S %S: = %b <> %b < %b <= %b > %b >= %b compare %d\n" a b (a = b) (a <> b)
    (a < b) (a <= b) (a > b) (a >= b) (compare a b)

let () =
  let pairs =
    [ ("", ""); ("", "a"); ("a", ""); ("abc", "abd"); ("abd", "abc"); ("ab", "abc");
      ("abc", "ab"); ("same", "same"); ("\255", "\001"); ("Z", "a"); ("a\000b", "a\000c");
      ("longer string here", "longer string herf") ]
  in
  List.iter (fun (a, b) -> show_cmp a b) pairs;
  let words = [ "pear"; "apple"; "fig"; ""; "apples"; "Apple"; "\200x"; "banana" ] in
  List.iter (Printf.printf "%S ") (List.sort compare words);
  print_newline ();
  List.iter (Printf.printf "%S ") (List.sort (fun a b -> compare b a) words);
  print_newline ();
  let b1 = Bytes.of_string "hello" and b2 = Bytes.of_string "help" in
  Printf.printf "bytes: %b %b %d %b\n" (b1 = b2) (b1 < b2) (compare b1 b2) (b1 = Bytes.copy b1);
  Bytes.set b2 3 'l';
  Bytes.set b2 2 'l';
  Printf.printf "bytes after set: %b %d\n" (b1 = b2) (compare b1 b2);
  (* a physically shared string, and one built at run time *)
  let s = String.make 3 'x' in
  let t = String.concat "" [ "x"; "x"; "x" ] in
  Printf.printf "%b %b %d %b\n" (s = s) (s = t) (compare s t) (s == t);
  (* in a polymorphic function and a structure, the generic comparison *)
  let max_of l = List.fold_left max (List.hd l) l in
  print_endline (max_of words);
  Printf.printf "%b %d\n" (("a", 1) < ("a", 2)) (compare [ "x"; "y" ] [ "x"; "z" ])
