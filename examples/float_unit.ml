(* Float is the installation's float.ml: its C primitives under OCaml's names, sign_bit,
   classify, min/max with nans and zeros, to_string/of_string, rounding, and Float.Array. *)
let p x = print_endline (Float.to_string x)

let () =
  List.iter p
    [ Float.sqrt 2.; Float.cbrt 27.; Float.exp2 10.; Float.log2 1024.; Float.hypot 3. 4.;
      Float.trunc (-2.7); Float.round 2.5; Float.round (-2.5); Float.ceil 1.1; Float.floor (-1.1);
      Float.rem 7.5 2.; Float.copy_sign 3. (-0.); Float.next_after 1. 2. -. 1.; Float.pred 1.;
      Float.succ 0.; Float.fma 2. 3. 4.; Float.pow 2. 0.5; Float.ldexp 1. 10; Float.abs (-0.);
      Float.erf 0.5; Float.erfc 0.5; Float.expm1 1e-10; Float.log1p 1e-10; Float.atan2 1. (-1.);
      Float.min nan 1.; Float.max 1. nan; Float.min_num nan 1.; Float.max_num (-0.) 0.;
      Float.min (-0.) 0.; Float.of_int 42; Float.pi; Float.epsilon; Float.max_float;
      Float.min_float; Float.infinity; Float.neg_infinity ];
  let m, e = Float.frexp 48. in
  Printf.printf "%g %d\n" m e;
  let f, i = Float.modf (-3.25) in
  Printf.printf "%g %g\n" f i;
  Printf.printf "%b %b %b %b\n" (Float.sign_bit (-0.)) (Float.sign_bit 0.)
    (Float.sign_bit (-.nan)) (Float.sign_bit (-1.));
  Printf.printf "%b %b %b %b\n" (Float.is_integer 3.) (Float.is_integer 3.5)
    (Float.is_finite infinity) (Float.is_nan nan);
  List.iter
    (fun x ->
      print_string
        (match Float.classify_float x with
         | FP_normal -> "normal " | FP_subnormal -> "subnormal " | FP_zero -> "zero "
         | FP_infinite -> "infinite " | FP_nan -> "nan "))
    [ 1.; 5e-324; 0.; infinity; nan ];
  print_newline ();
  Printf.printf "%d %d %d\n" (Float.compare nan nan) (Float.compare 1. nan) (Float.to_int 3.9);
  Printf.printf "%s %s\n"
    (match Float.of_string_opt "0x1p3" with Some x -> Float.to_string x | None -> "none")
    (match Float.of_string_opt "abc" with Some x -> Float.to_string x | None -> "none");
  Printf.printf "%d %d\n" (Float.hash 1.5) (Float.hash nan);
  let a = Float.Array.init 5 (fun i -> float_of_int (i * i)) in
  let b = Float.Array.map (fun x -> x /. 2.) a in
  Float.Array.blit a 0 b 2 3;
  Float.Array.iter (fun x -> print_string (Float.to_string x ^ " ")) b;
  print_newline ();
  let c = Float.Array.append a (Float.Array.sub b 1 2) in
  Printf.printf "%d %g %g\n" (Float.Array.length c) (Float.Array.get c 5)
    (Float.Array.fold_left ( +. ) 0. c);
  let d = Float.Array.concat [ a; Float.Array.make 2 7.5; a ] in
  Float.Array.fill d 0 2 (-1.);
  Printf.printf "%s\n" (String.concat "," (List.map Float.to_string (Float.Array.to_list d)));
  Float.Array.sort compare d;
  Printf.printf "%s\n" (String.concat "," (List.map Float.to_string (Float.Array.to_list d)));
  Printf.printf "%b %b\n" (Float.Array.mem 7.5 d) (Float.Array.mem_ieee nan d);
  (try ignore (Float.Array.sub a 3 5) with Invalid_argument m -> print_endline m);
  (try Float.Array.blit a 0 b 4 3 with Invalid_argument m -> print_endline m)
