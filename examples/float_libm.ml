(* The C library's float functions (Float's [@@unboxed] externals: sin, cos, atan2, fmod,
   hypot, pow, ...) called on unboxed floats, as ocamlopt calls them; a float read before a
   bound check and used after it (radecdist, from almabench) crossed a frame entry. No NaN is
   printed: the sign of a NaN from an invalid operation is the machine's (x86 -nan, AArch64 nan). *)
let r2h = 12.0 /. 3.14159265358979323846
let r2d = 180.0 /. 3.14159265358979323846

let radecdist state rdd =
  rdd.(2) <- sqrt (state.(0).(0) *. state.(0).(0) +. state.(0).(1) *. state.(0).(1)
                   +. state.(0).(2) *. state.(0).(2));
  rdd.(0) <- atan2 state.(0).(1) state.(0).(0) *. r2h;
  if rdd.(0) < 0.0 then rdd.(0) <- rdd.(0) +. 24.0;
  rdd.(1) <- asin (state.(0).(2) /. rdd.(2)) *. r2d

let anpm a =
  let twopi = 2.0 *. 3.14159265358979323846 in
  let w = mod_float a twopi in
  if abs_float w >= 3.14159265358979323846 then (if a < 0.0 then w +. twopi else w -. twopi)
  else w

let () =
  let rdd = [| 0.; 0.; 0. |] in
  List.iter
    (fun (x, y, z) ->
      radecdist [| [| x; y; z |]; [| 0.; 0.; 0. |] |] rdd;
      Printf.printf "%.12g %.12g %.12g\n" rdd.(0) rdd.(1) rdd.(2))
    [ (1., 2., 3.); (-1., 0.5, -2.); (0.3, -0.7, 0.1); (1e-3, 1e3, -5.) ];
  let acc = ref 0.0 in
  for i = 1 to 1000 do
    let x = float_of_int i /. 100. in
    acc := !acc +. sin x *. cos x +. tan (x /. 10.) +. exp (-. x) +. log x +. log10 x
           +. sqrt x +. atan x +. sinh (x /. 10.) +. cosh (x /. 10.) +. tanh x
           +. Float.cbrt x +. Float.log2 x +. Float.exp2 (x /. 10.) +. expm1 (x /. 10.)
           +. log1p x +. acos (1. /. (1. +. x)) +. asin (1. /. (1. +. x)) +. Float.erf x
           +. Float.erfc x +. Float.asinh x +. Float.acosh (1. +. x) +. Float.atanh (1. /. (2. +. x))
           +. hypot x 3. +. (x ** 1.5) +. atan2 x 2. +. mod_float x 0.7 +. copysign x (-1.)
           +. Float.round x +. Float.trunc x +. ceil x +. floor x +. anpm (x *. 10.)
  done;
  Printf.printf "%.17g\n" !acc;
  Printf.printf "%h %h %h\n" (Float.next_after 1. 2.) (sin 1e22) (mod_float (-7.5) 2.);
  Printf.printf "%g %g %g\n" (exp 1000.) (log 0.) (atan2 0. (-0.))
