(* Bigarray: every element kind in both layouts, with the conversions each does on store
   (truncation, wrapping, float32 rounding), the .{ } syntax, fill, and the errors. *)
open Bigarray

let show_int_kind name kind =
  let a = Array1.create kind c_layout 4 in
  a.{0} <- 1;
  a.{1} <- -1;
  a.{2} <- 300;
  a.{3} <- 70000;
  Printf.printf "%s: %d %d %d %d (%d bytes)\n" name a.{0} a.{1} a.{2} a.{3}
    (Array1.size_in_bytes a)

let () =
  show_int_kind "int8_signed" int8_signed;
  show_int_kind "int8_unsigned" int8_unsigned;
  show_int_kind "int16_signed" int16_signed;
  show_int_kind "int16_unsigned" int16_unsigned;
  show_int_kind "int" int;
  let f32 = Array1.of_array float32 c_layout [| 0.1; 1e40; -2.5 |] in
  Printf.printf "float32: %.17g %g %g\n" f32.{0} f32.{1} f32.{2};
  let f64 = Array1.of_array float64 fortran_layout [| 0.1; nan; -0. |] in
  Printf.printf "float64: %.17g %g %g\n" f64.{1} f64.{2} f64.{3};
  let i32 = Array1.of_array int32 c_layout [| Int32.max_int; -5l |] in
  i32.{1} <- Int32.add i32.{0} 1l;
  Printf.printf "int32: %ld %ld\n" i32.{0} i32.{1};
  let i64 = Array1.of_array int64 fortran_layout [| Int64.min_int; 12L |] in
  Printf.printf "int64: %Ld %Ld\n" i64.{1} i64.{2};
  let ni = Array1.create nativeint c_layout 1 in
  Array1.fill ni (-7n);
  Printf.printf "nativeint: %nd\n" ni.{0};
  let c32 = Array1.create complex32 c_layout 1 in
  c32.{0} <- { Complex.re = 0.1; im = -3. };
  Printf.printf "complex32: %.17g %g\n" c32.{0}.Complex.re c32.{0}.Complex.im;
  let c64 = Array2.create complex64 fortran_layout 2 2 in
  Array2.fill c64 Complex.i;
  c64.{2, 1} <- Complex.add c64.{1, 2} Complex.one;
  Printf.printf "complex64: %g %g\n" c64.{2, 1}.Complex.re c64.{2, 1}.Complex.im;
  let s = Array1.init char c_layout 5 (fun i -> Char.chr (97 + i)) in
  s.{4} <- 'Z';
  for i = 0 to Array1.dim s - 1 do print_char s.{i} done;
  print_newline ();
  let g = Genarray.init int fortran_layout [| 2; 3; 2; 2 |]
      (fun idx -> Array.fold_left (fun acc i -> acc * 10 + i) 0 idx) in
  Printf.printf "genarray: %d dims, %d %d, %d bytes\n" (Genarray.num_dims g)
    g.{2, 3, 1, 2} (Genarray.get g [| 1; 2; 2; 1 |]) (Genarray.size_in_bytes g);
  let z = Array0.of_value float64 c_layout 2.5 in
  Array0.set z (Array0.get z *. 2.);
  Printf.printf "array0: %g\n" (Array0.get z);
  Printf.printf "kinds: %b %b %d\n" (Array1.kind s = char) (Array1.layout f64 = fortran_layout)
    (kind_size_in_bytes complex64);
  let fails f =
    match f () with
    | () -> print_endline "no error"
    | exception Invalid_argument msg -> print_endline msg
  in
  fails (fun () -> ignore s.{5});
  fails (fun () -> ignore s.{-1});
  fails (fun () -> ignore f64.{0});
  fails (fun () -> f64.{4} <- 1.);
  fails (fun () -> ignore c64.{3, 1});
  fails (fun () -> ignore (Genarray.get g [| 1; 1 |]));
  fails (fun () -> Genarray.set g [| 1; 1; 1; 1; 1 |] 0);
  fails (fun () -> ignore (Array1.create int c_layout (-1)));
  fails (fun () -> ignore (Genarray.create int c_layout (Array.make 17 1)));
  fails (fun () -> ignore (Genarray.nth_dim g 4));
  fails (fun () -> ignore (array2_of_genarray g))
