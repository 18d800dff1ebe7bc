(* Bigarray views that share their parent's data: sub, slice, reshape, change_layout; blit
   between them; polymorphic comparison and hashing of bigarrays. *)
open Bigarray

let print1 (type l) name (a : (int, int_elt, l) Array1.t) =
  Printf.printf "%s:" name;
  let lo = match Array1.layout a with C_layout -> 0 | Fortran_layout -> 1 in
  for i = lo to lo + Array1.dim a - 1 do Printf.printf " %d" a.{i} done;
  print_newline ()

let () =
  let m = Array2.init int c_layout 3 4 (fun i j -> (i * 10) + j) in
  print1 "row 1" (Array2.slice_left m 1);
  let sub = Array2.sub_left m 1 2 in
  Printf.printf "sub: %dx%d, %d\n" (Array2.dim1 sub) (Array2.dim2 sub) sub.{0, 3};
  sub.{1, 0} <- 99;
  Printf.printf "shared: %d\n" m.{2, 0};
  let flat = reshape_1 (genarray_of_array2 m) 12 in
  print1 "flat" flat;
  let r = reshape_2 (genarray_of_array2 m) 4 3 in
  Printf.printf "reshaped: %d %d\n" r.{3, 2} r.{1, 0};
  (* Fortran: column-major, indices from 1, the last index varies slowest. *)
  let f = Array2.change_layout m fortran_layout in
  Printf.printf "fortran: %dx%d %d %d\n" (Array2.dim1 f) (Array2.dim2 f) f.{4, 3} f.{1, 2};
  print1 "column 2" (Array2.slice_right f 2);
  print1 "fsub" (Array1.sub (Array1.change_layout flat fortran_layout) 3 4);
  let t = Array3.init float64 fortran_layout 2 3 4 (fun i j k ->
      float_of_int ((i * 100) + (j * 10) + k)) in
  let plane = Array3.slice_right_2 t 3 in
  Printf.printf "plane: %g %g\n" plane.{1, 1} plane.{2, 3};
  let line = Array3.slice_right_1 t 2 4 in
  Printf.printf "line: %d %g\n" (Array1.dim line) line.{2};
  let c = Array1.create int c_layout 12 in
  Array1.blit flat c;
  Array1.fill (Array1.sub flat 0 6) 0;
  print1 "blitted" c;
  print1 "filled" flat;
  (match Array1.blit (Array1.sub c 0 3) (Array1.sub c 0 4) with
   | () -> print_endline "no error"
   | exception Invalid_argument msg -> print_endline msg);
  (match Array1.sub c 10 3 with
   | _ -> print_endline "no error"
   | exception Invalid_argument msg -> print_endline msg);
  (match reshape_1 (genarray_of_array1 c) 13 with
   | _ -> print_endline "no error"
   | exception Invalid_argument msg -> print_endline msg);
  (* Comparison: kind and layout, then the number of dimensions, the dimensions, then the
     elements in order. *)
  let a1 = Array1.of_array int c_layout [| 1; 2; 3 |] in
  let a2 = Array1.of_array int c_layout [| 1; 2; 4 |] in
  let a3 = Array1.of_array int c_layout [| 1; 2 |] in
  let fl = Array1.of_array float64 c_layout [| nan; 1. |] in
  let fl2 = Array1.of_array float64 c_layout [| 0.; 1. |] in
  Printf.printf "compare: %d %d %d %d %d %b\n" (compare a1 a2) (compare a2 a1) (compare a1 a3)
    (compare a1 (Array1.of_array int c_layout [| 1; 2; 3 |])) (compare fl fl2) (a1 = a1);
  Printf.printf "hash: %d %d %d %d\n" (Hashtbl.hash a1) (Hashtbl.hash fl)
    (Hashtbl.hash (Array1.of_array char c_layout [| 'a'; 'b'; 'c'; 'd'; 'e' |]))
    (Hashtbl.hash (Array1.of_array int64 c_layout [| 5L; -1L |]));
  let h = Hashtbl.create 4 in
  Hashtbl.replace h a1 "a1";
  Hashtbl.replace h a2 "a2";
  print_endline (Hashtbl.find h (Array1.of_array int c_layout [| 1; 2; 4 |]))
