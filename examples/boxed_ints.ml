(* int32, int64 and nativeint: literals, arithmetic with wrapping, division by zero,
   conversions, parsing and printing. *)

let p32 x = print_endline (Int32.to_string x)
let p64 x = print_endline (Int64.to_string x)
let pn x = print_endline (Nativeint.to_string x)

let () =
  (* Literals in every form, with their signs. *)
  List.iter p32 [ 0l; 1l; -3l; 0x7fffffffl; 0xffffffffl; -0xffffffffl; 2147483648l;
                  -2147483648l; 0o17l; 0b1010l; 1_000_000l ];
  List.iter p64 [ 1L; -3L; 0x7fffffffffffffffL; 0x8000000000000000L; 1_000_000_000_000L ];
  List.iter pn [ 0xFFn; -1n; 123_456n ];
  (* Wrapping arithmetic. *)
  p32 (Int32.add Int32.max_int 1l);
  p32 (Int32.mul 65536l 65536l);
  p32 (Int32.neg Int32.min_int);
  p64 (Int64.add Int64.max_int 1L);
  p64 (Int64.mul 4294967296L 4294967296L);
  pn (Nativeint.sub Nativeint.min_int 1n);
  (* Division truncates; min_int / -1 is min_int, its remainder 0. *)
  p32 (Int32.div (-7l) 2l);
  p32 (Int32.rem (-7l) 2l);
  p32 (Int32.div Int32.min_int (-1l));
  p32 (Int32.rem Int32.min_int (-1l));
  p64 (Int64.div Int64.min_int (-1L));
  p64 (Int64.rem Int64.min_int (-1L));
  pn (Nativeint.div Nativeint.min_int (-1n));
  let div0 name f = try ignore (f ()); print_endline "no exception" with
    | Division_by_zero -> print_endline (name ^ ": Division_by_zero") in
  div0 "Int32.div" (fun () -> Int32.div 1l 0l);
  div0 "Int32.rem" (fun () -> Int32.rem 1l 0l);
  div0 "Int64.div" (fun () -> Int64.div 1L 0L);
  div0 "Int64.rem" (fun () -> Int64.rem 1L 0L);
  div0 "Nativeint.div" (fun () -> Nativeint.div 1n 0n);
  (* Logic and shifts. *)
  p32 (Int32.logand 0xff00l 0x0ff0l);
  p32 (Int32.logor 0xff00l 0x0ff0l);
  p32 (Int32.logxor 0xff00l 0x0ff0l);
  p32 (Int32.lognot 0l);
  p32 (Int32.shift_left 1l 31);
  p32 (Int32.shift_right (-16l) 2);
  p32 (Int32.shift_right_logical (-16l) 2);
  p64 (Int64.shift_left 1L 63);
  p64 (Int64.shift_right Int64.min_int 62);
  p64 (Int64.shift_right_logical Int64.min_int 62);
  pn (Nativeint.shift_right_logical (-1n) 60);
  (* Conversions. *)
  print_int (Int32.to_int (-5l)); print_newline ();
  p32 (Int32.of_int 4294967297);
  print_int (Int64.to_int 0x7fffffffffffffffL); print_newline ();
  p64 (Int64.of_int min_int);
  p64 (Int64.of_int32 (-1l));
  p32 (Int64.to_int32 0x1_0000_0005L);
  pn (Nativeint.of_int32 Int32.min_int);
  p32 (Nativeint.to_int32 0xffff_ffff_ffffn);
  pn (Int64.to_nativeint 77L);
  p64 (Int64.of_nativeint (-77n));
  p32 (Int32.of_float 3.99);
  p32 (Int32.of_float (-3.99));
  p64 (Int64.of_float 1e18);
  print_endline (string_of_float (Int64.to_float 9007199254740993L));
  print_endline (string_of_float (Int32.to_float (-2l)));
  p64 (Int64.bits_of_float 1.0);
  print_endline (string_of_float (Int64.float_of_bits 4611686018427387904L));
  p32 (Int32.bits_of_float 1.5);
  print_endline (string_of_float (Int32.float_of_bits 1069547520l));
  (* The small helpers. *)
  p32 (Int32.succ 1l); p32 (Int32.pred 1l); p32 (Int32.abs (-9l)); p32 (Int32.abs Int32.min_int);
  p64 (Int64.min 3L (-3L)); p64 (Int64.max 3L (-3L));
  print_int (Int64.compare 1L 2L); print_int (Int64.compare 2L 2L); print_int (Int64.compare 3L 2L);
  print_newline ();
  print_int (Int32.unsigned_compare (-1l) 1l); print_newline ();
  p32 (Int32.unsigned_div (-1l) 2l);
  p32 (Int32.unsigned_rem (-1l) 10l);
  p64 (Int64.unsigned_div (-1L) 10L);
  (match Int32.unsigned_to_int (-1l) with Some n -> print_int n | None -> print_string "None");
  print_newline ();
  (match Int64.unsigned_to_int (-1L) with Some n -> print_int n | None -> print_string "None");
  print_newline ();
  print_endline (string_of_bool (Int64.equal 5L 5L));
  print_int Nativeint.size; print_newline ()
