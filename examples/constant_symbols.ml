(* Functions named like the kinds of constant data (float, str, int64...): their symbols
   must not clash with the constants' own, however many constants the program has. *)
let rec float n x = if n <= 0 then x else float (n - 1) (x *. 1.5)
let rec str n s = if n <= 0 then s else str (n - 1) (s ^ "!")
let int64 n = Int64.add (Int64.of_int n) 7L
let int32 n = Int32.mul (Int32.of_int n) 3l
let nativeint n = Nativeint.sub (Nativeint.of_int n) 1n
let const_ x = x + 1
let floats = [| 0.25; 1.25; 2.25; 3.25; 4.25; 5.25; 6.25; 7.25; 8.25; 9.25; 10.25; 11.25; 12.25; 13.25; 14.25; 15.25; 16.25; 17.25; 18.25; 19.25; 20.25; 21.25; 22.25; 23.25; 24.25; 25.25; 26.25; 27.25; 28.25; 29.25; 30.25; 31.25; 32.25; 33.25; 34.25; 35.25; 36.25; 37.25; 38.25; 39.25 |]
let strings = [| "s0"; "s1"; "s2"; "s3"; "s4"; "s5"; "s6"; "s7"; "s8"; "s9"; "s10"; "s11"; "s12"; "s13"; "s14"; "s15"; "s16"; "s17"; "s18"; "s19"; "s20"; "s21"; "s22"; "s23"; "s24"; "s25"; "s26"; "s27"; "s28"; "s29"; "s30"; "s31"; "s32"; "s33"; "s34"; "s35"; "s36"; "s37"; "s38"; "s39" |]
let () =
  let s = ref 0.0 in
  Array.iteri (fun i x -> s := !s +. float (i mod 3) x) floats;
  Printf.printf "%.3f\n" !s;
  Array.iteri (fun i x -> if i mod 13 = 0 then print_endline (str (i mod 4) x)) strings;
  let big = [ 11L; 12L; 13L; 14L; 15L; 16L; 17L; 18L; 19L; 20L; 21L; 22L ] in
  List.iter (fun x -> Printf.printf "%Ld " (Int64.add x (int64 1))) big;
  print_newline ();
  let small = [ 1l; 2l; 3l; 4l; 5l; 6l; 7l; 8l; 9l; 10l; 11l; 12l ] in
  List.iter (fun x -> Printf.printf "%ld " (Int32.add x (int32 2))) small;
  print_newline ();
  List.iter (fun x -> Printf.printf "%nd " (Nativeint.add x (nativeint 5))) [ 1n; 2n; 3n; 4n; 5n; 6n; 7n; 8n ];
  print_newline ();
  print_int (const_ 41);
  print_newline ()
