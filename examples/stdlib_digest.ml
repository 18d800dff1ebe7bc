(* Digest (MD5) as OCaml 4.13's: to_hex of several strings (empty, short, at the padding's
   boundaries, longer than a block, every byte value), from_hex, the substring functions,
   compare and equal, and the errors. *)
let hex s = Digest.to_hex (Digest.string s)

let () =
  List.iter
    (fun s -> Printf.printf "%d %s\n" (String.length s) (hex s))
    [ ""; "a"; "abc"; "message digest"; "abcdefghijklmnopqrstuvwxyz";
      String.make 55 'x'; String.make 56 'x'; String.make 63 'x'; String.make 64 'x';
      String.make 65 'x'; String.make 1000 'z';
      String.init 256 Char.chr;
      "The quick brown fox jumps over the lazy dog" ];
  let d = Digest.string "hello" in
  Printf.printf "length %d\n" (String.length d);
  Printf.printf "from_hex round trip: %b\n" (Digest.from_hex (Digest.to_hex d) = d);
  Printf.printf "from_hex upper case: %b\n"
    (Digest.from_hex (String.uppercase_ascii (Digest.to_hex d)) = d);
  print_endline (Digest.to_hex (Digest.from_hex "0123456789abcdefABCDEF0123456789"));
  print_endline (Digest.to_hex (Digest.substring "xxhelloxx" 2 5));
  print_endline (Digest.to_hex (Digest.bytes (Bytes.of_string "hello")));
  print_endline (Digest.to_hex (Digest.subbytes (Bytes.of_string "..hello..") 2 5));
  Printf.printf "equal: %b %b\n" (Digest.equal d (Digest.string "hello"))
    (Digest.equal d (Digest.string "hellp"));
  let a = Digest.string "a" and b = Digest.string "b" in
  Printf.printf "compare: %d %d %d\n" (Digest.compare a b) (Digest.compare b a)
    (Digest.compare a a);
  let sorted = List.sort Digest.compare (List.map Digest.string [ "x"; "y"; "z"; "w" ]) in
  List.iter (fun d -> print_endline (Digest.to_hex d)) sorted;
  (* A digest's 16 raw bytes (printable ones here). *)
  Digest.output stdout (Digest.from_hex "48656c6c6f2c20776f726c6421212121");
  print_newline ();
  let check name f =
    match f () with
    | s -> Printf.printf "%s: %S\n" name s
    | exception Invalid_argument m -> Printf.printf "%s: Invalid_argument %S\n" name m
  in
  check "to_hex short" (fun () -> Digest.to_hex "abc");
  check "from_hex short" (fun () -> Digest.from_hex "abc");
  check "from_hex bad digit" (fun () -> Digest.from_hex "0123456789abcdefg123456789abcdef");
  check "substring negative" (fun () -> Digest.substring "abc" (-1) 2);
  check "substring too long" (fun () -> Digest.substring "abc" 1 3);
  check "subbytes" (fun () -> Digest.subbytes (Bytes.of_string "abc") 3 1);
  check "substring empty at end" (fun () -> Digest.to_hex (Digest.substring "abc" 3 0))
