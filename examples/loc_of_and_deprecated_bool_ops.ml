(* __LOC_OF__/__LINE_OF__/__POS_OF__ (the location of the application, or of the name when
   used as a value), Stdlib-qualified location values, and the deprecated `&` and `or`,
   which are as lazy as `&&` and `||`. File names are cut off: they depend on the path. *)
let after_file s = String.sub s (String.index s ',') (String.length s - String.index s ',')
let f x = __LOC_OF__ (x + 1)
let () =
  let (l, v) = f 2 in print_endline (after_file l); print_int v; print_newline ();
  let (n, s) = __LINE_OF__ "abc" in Printf.printf "%d %s\n" n s;
  let ((_, a, b, c), ()) = __POS_OF__ (ignore 1) in Printf.printf "%d %d %d\n" a b c;
  let g = __LOC_OF__ in let (l2, x) = g 3 in Printf.printf "%s %d\n" (after_file l2) x;
  let (l3, y) = Stdlib.__LOC_OF__ 'c' in Printf.printf "%s %c\n" (after_file l3) y;
  print_endline (after_file Stdlib.__LOC__); print_int Stdlib.__LINE__; print_newline ();
  Printf.printf "%b %b\n" (true & false) (false or true);
  Printf.printf "%b\n" (false & (print_endline "not lazy"; true));
  Printf.printf "%b\n" (true or (print_endline "not lazy"; true));
  let both = List.fold_left ( & ) true [ true; false ] in
  let either = List.fold_left ( or ) false [ false; true ] in
  Printf.printf "%b %b\n" both either
