(* Float arithmetic, the C library's functions and the Float module against ocamlopt. *)
let show name x = Printf.printf "%s = %.17g\n" name x
let () =
  show "sqrt 2" (sqrt 2.);
  show "exp 1" (exp 1.); show "log 10" (log 10.); show "log10 1000" (log10 1000.);
  show "expm1 1e-10" (expm1 1e-10); show "log1p 1e-10" (log1p 1e-10);
  show "sin 1" (sin 1.); show "cos 1" (cos 1.); show "tan 1" (tan 1.);
  show "asin 0.5" (asin 0.5); show "acos 0.5" (acos 0.5); show "atan 1" (atan 1.);
  show "atan2 1 -1" (atan2 1. (-1.)); show "hypot 3 4" (hypot 3. 4.);
  show "sinh 1" (sinh 1.); show "cosh 1" (cosh 1.); show "tanh 1" (tanh 1.);
  show "ceil -1.5" (ceil (-1.5)); show "floor -1.5" (floor (-1.5));
  show "2 ** 0.5" (2. ** 0.5); show "mod_float 7.5 2" (mod_float 7.5 2.);
  show "mod_float -7.5 2" (mod_float (-7.5) 2.);
  show "copysign 3 -0." (copysign 3. (-0.)); show "ldexp 1 10" (ldexp 1. 10);
  show "abs_float -2" (abs_float (-2.)); show "-. 0." (-. 0.); show "~-. 1" (~-. 1.);
  let f, i = modf 3.75 in show "modf frac" f; show "modf int" i;
  let m, e = frexp 1e-310 in show "frexp m" m; Printf.printf "frexp e = %d\n" e;
  show "Float.pi" Float.pi; show "Float.round 2.5" (Float.round 2.5); show "Float.round -2.5" (Float.round (-2.5));
  show "Float.trunc -2.7" (Float.trunc (-2.7));
  show "Float.succ 1" (Float.succ 1.); show "Float.pred 1" (Float.pred 1.);
  show "Float.log2 8" (Float.log2 8.); show "Float.exp2 0.5" (Float.exp2 0.5);
  show "Float.fma" (Float.fma 2. 3. 4.); show "Float.rem" (Float.rem 5.5 2.);
  Printf.printf "%b %b %b %b\n" (Float.is_nan nan) (Float.is_finite 1.) (Float.is_infinite infinity) (Float.is_integer 3.);
  Printf.printf "%b %b\n" (Float.sign_bit (-0.)) (Float.equal nan nan);
  show "Float.min -0. 0." (Float.min (-0.) 0.); show "Float.max -0. 0." (Float.max (-0.) 0.);
  show "Float.min_num nan 1" (Float.min_num nan 1.); show "Float.max 1 nan" (Float.max 1. nan);
  let a, b = Float.min_max 2. 1. in show "min_max" a; show "min_max'" b;
  Printf.printf "%d %d %d\n" (Float.compare 1. 2.) (Float.compare nan nan) (Float.compare nan neg_infinity);
  show "max_float" max_float; show "min_float" min_float; show "epsilon" epsilon_float;
  Printf.printf "%d %d %d\n" (int_of_float 1e10) (truncate (-2.5)) (int_of_float (-0.9));
  show "of_int max_int" (float_of_int max_int);
  show "0.1 + 0.2" (0.1 +. 0.2); show "1 / 3" (1. /. 3.); show "1e308 * 10" (1e308 *. 10.);
  show "5e-324 / 2" (5e-324 /. 2.);
  (* structural equality and hashing of floats inside data *)
  Printf.printf "%b %b %b\n" ((1., "a") = (1., "a")) ([0.] = [-0.]) (Some nan = Some nan);
  Printf.printf "%b %b\n" ((nan, 1) < (nan, 2)) ((nan, 1) <> (nan, 1));
  Printf.printf "%d %d\n" (compare (Some nan) (Some 1.)) (compare [1.; nan] [1.; nan]);
  let h = Hashtbl.create 16 in
  List.iter (fun x -> Hashtbl.replace h x (string_of_float x)) [1.5; -0.; 0.; nan; 2.25; 1e10];
  Hashtbl.iter (fun k v -> Printf.printf "%h:%s " k v) h; print_newline ();
  Printf.printf "%d %d %d\n" (Hashtbl.hash nan) (Hashtbl.hash (-. nan)) (Hashtbl.hash [1.5; 2.5]);
  let sorted = List.sort compare [2.; nan; -0.; 0.; neg_infinity; 1.; nan; infinity] in
  List.iter (fun x -> Printf.printf "%g " x) sorted; print_newline ();
  let arr = Array.init 5 (fun i -> float_of_int (i * i) /. 2.) in
  Array.iter (fun x -> Printf.printf "%.1f " x) arr; print_newline ();
  let sum = Array.fold_left (+.) 0. arr in show "sum" sum;
  let mean xs = List.fold_left (+.) 0. xs /. float (List.length xs) in
  Printf.printf "mean %.4f\n" (mean [1.; 2.; 3.; 4.5])
