(* Boxed integers at the edges: shifts past the width, float conversions out of range, nan,
   parsing corner cases, Int32.format, float bits. *)
let () =
  Printf.printf "%ld %ld %ld\n" (Int32.shift_left 1l 32) (Int32.shift_left 1l 33) (Int32.shift_right_logical (-1l) 32);
  Printf.printf "%Ld %Ld\n" (Int64.shift_left 1L 64) (Int64.shift_right (-8L) 65);
  Printf.printf "%ld %Ld\n" (Int32.of_float nan) (Int64.of_float infinity);
  Printf.printf "%ld %ld\n" (Int32.of_float 3e9) (Int32.of_float (-3e9));
  Printf.printf "%d %d\n" (Int64.to_int Int64.max_int) (Int64.to_int Int64.min_int);
  Printf.printf "%d\n" (Nativeint.to_int (-1n));
  Printf.printf "%Ld %Ld\n" (Int64.of_string "-0") (Int64.of_string "+0x10");
  Printf.printf "%ld\n" (Int32.of_string "-0x80000000");
  Printf.printf "%b %b\n" (Int32.of_string_opt "0x100000000" = None) (Int32.of_string_opt "0u2147483648" = Some Int32.min_int);
  Printf.printf "%s\n" (Int32.format "%x" 255l);
  Printf.printf "%d\n" (Hashtbl.hash (Some 5L, [| 1l |]));
  print_endline (string_of_float (Int32.float_of_bits 0x7fc00000l));
  Printf.printf "%Lx\n" (Int64.bits_of_float (-0.0));
  Printf.printf "%ld\n" (Int32.bits_of_float 1e40);
  Printf.printf "%ld %Ld %nd\n" 0x01020304l 0L (-0n)
