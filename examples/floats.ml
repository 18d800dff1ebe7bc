let () =
  let x = 1.5 and y = 2.25 in
  print_float (x +. y); print_newline ();
  print_endline (string_of_float (x *. y));
  Printf.printf "%f %e %g %.3f %10.2f|%-10.2f|%+.1e %F %F %h\n" 3.14159 1234.5 0.0001 2.0 (-1.5) 1.5 12345.678 1.0 0.1 1.5;
  Printf.printf "%F %F %F %g %g\n" infinity neg_infinity nan 1e20 1e-5;
  print_endline (string_of_float (0.1 +. 0.2));
  print_endline (string_of_float (-0.));
  print_endline (string_of_float 1e100);
  print_endline (string_of_float (float_of_int 42));
  print_int (int_of_float 3.99); print_newline ();
  print_int (truncate (-3.99)); print_newline ();
  Printf.printf "%b %b %b %b\n" (nan = nan) (nan <> nan) (nan < 1.) (compare nan nan = 0);
  Printf.printf "%d %d %d\n" (compare nan 1.) (compare 1. nan) (compare 2. 1.);
  let l = List.sort compare [3.; nan; -1.; 2.; neg_infinity] in
  List.iter (fun f -> Printf.printf "%g " f) l; print_newline ();
  Printf.printf "%b %b\n" ([nan] = [nan]) ((1., 2.) < (1., 3.));
  print_endline (string_of_float (sqrt 2.));
  print_endline (string_of_float (exp 1.));
  print_endline (string_of_float (2. ** 10.));
  print_endline (string_of_float (float_of_string "1_000.5e1"));
  print_endline (string_of_float (float_of_string "0x1.8p3"));
  (match float_of_string_opt "abc" with None -> print_endline "none" | Some _ -> ());
  Printf.printf "%d\n" (Hashtbl.hash 1.5);
  Printf.printf "%d %d\n" (Hashtbl.hash 0.) (Hashtbl.hash (-0.));
  print_endline (string_of_float (min nan 1.)); print_endline (string_of_float (min 1. nan));
  print_endline (string_of_float (Float.min nan 1.));
  (match classify_float 1e-310 with FP_subnormal -> print_endline "sub" | _ -> print_endline "other");
  let (m, e) = frexp 8. in Printf.printf "%g %d\n" m e;
  let r = ref 0. in for i = 1 to 10 do r := !r +. float i done; print_float !r; print_newline ();
  (match 0.5 with 0.5 -> print_endline "half" | _ -> print_endline "no");
  Printf.printf "%.17g %.0f %5.1f%%\n" 0.1 2.5 99.44;
  (* The sign of the nan 0. /. 0. gives is the hardware's (x86-64: negative, AArch64: positive). *)
  Printf.printf "%s %s\n" (string_of_float (-. nan)) (string_of_float (Float.abs (0. /. 0.)))
