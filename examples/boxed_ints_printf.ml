(* Printf's int32/int64/nativeint conversions with flags and widths, and to_string. *)
let () =
  Printf.printf "[%ld] [%li] [%lu] [%lx] [%lX] [%lo]\n" (-5l) 7l (-1l) (-1l) 255l 8l;
  Printf.printf "[%Ld] [%Li] [%Lu] [%Lx] [%LX] [%Lo]\n" Int64.min_int 3L (-1L) (-1L) 0xabcdefL 64L;
  Printf.printf "[%nd] [%ni] [%nu] [%nx] [%nX] [%no]\n" (-3n) 4n (-1n) 255n 255n 9n;
  Printf.printf "[%#lx] [%#LX] [%#no] [%#lx]\n" 255l 255L 8n 0l;
  Printf.printf "[%8ld] [%-8ld|] [%08ld] [%+ld] [% ld] [%+Ld]\n" 42l 42l (-42l) 42l 42l (-1L);
  Printf.printf "[%#ld] [%#Ld] [%#nd] [%#lu]\n" 1234567l (-1234567890123L) 1000n (-1l);
  Printf.printf "[%10Lx] [%-10LX|] [%010Lu] [%5nd]\n" 255L 255L 123L (-7n);
  let s = Printf.sprintf "%ld/%Ld/%nd" Int32.min_int Int64.max_int Nativeint.min_int in
  print_endline s;
  Printf.eprintf "%Ld\n" 12L;
  print_endline (Int32.to_string (-17l) ^ " " ^ Int64.to_string 0L ^ " " ^ Nativeint.to_string 5n);
  let b = Buffer.create 8 in
  Buffer.add_string b (Printf.sprintf "%lx" 0xdeadbeefl);
  print_endline (Buffer.contents b)
