(* The 16/32/64-bit little-endian accesses of bytes and strings (OCaml's %caml_bytes_get32 ...
   primitives, as the stdlib's Bytes.get_int32_le uses them), with their bound checks. *)
external get16 : bytes -> int -> int = "%caml_bytes_get16"
external get32 : bytes -> int -> int32 = "%caml_bytes_get32"
external get64 : bytes -> int -> int64 = "%caml_bytes_get64"
external set16 : bytes -> int -> int -> unit = "%caml_bytes_set16"
external set32 : bytes -> int -> int32 -> unit = "%caml_bytes_set32u"
external set64 : bytes -> int -> int64 -> unit = "%caml_bytes_set64"
external sget32 : string -> int -> int32 = "%caml_string_get32"
external sget64 : string -> int -> int64 = "%caml_string_get64u"
external bswap32 : int32 -> int32 = "%bswap_int32"

let () =
  let b = Bytes.make 12 '\000' in
  set16 b 0 0x1234ff;
  set32 b 2 (-2l);
  set64 b 4 0x0102030405060708L;
  String.iter (fun c -> Printf.printf "%02x" (Char.code c)) (Bytes.to_string b);
  print_newline ();
  Printf.printf "%x %ld %Lx %lx\n" (get16 b 0) (get32 b 2) (get64 b 4) (get32 b 8);
  Printf.printf "%lx %Ld\n" (bswap32 (get32 b 4)) (sget64 "\255\255\255\255\255\255\255\127" 0);
  Printf.printf "%ld\n" (sget32 "abcd" 0);
  let check name f = try f (); print_endline "no exception" with Invalid_argument m -> print_endline (name ^ ": " ^ m) in
  check "get16" (fun () -> ignore (get16 b 11));
  check "get32" (fun () -> ignore (get32 b (-1)));
  check "set64" (fun () -> set64 b 5 0L);
  check "sget32" (fun () -> ignore (sget32 "abc" 0))
