(* Int32/Int64/Nativeint.of_string as OCaml's runtime parses: signs, bases, underscores,
   the unsigned 0u prefix, and Failure on overflow or junk. *)

let try32 s =
  match Int32.of_string_opt s with
  | Some n -> Printf.printf "Int32 %S -> %ld\n" s n
  | None -> Printf.printf "Int32 %S -> None\n" s

let try64 s =
  try Printf.printf "Int64 %S -> %Ld\n" s (Int64.of_string s)
  with Failure msg -> Printf.printf "Int64 %S -> Failure %s\n" s msg

let tryn s =
  try Printf.printf "Nativeint %S -> %nd\n" s (Nativeint.of_string s)
  with Failure msg -> Printf.printf "Nativeint %S -> Failure %s\n" s msg

let () =
  List.iter try32 [ "0"; "-0"; "+12"; "2147483647"; "2147483648"; "-2147483648"; "-2147483649";
                    "0xffffffff"; "0x100000000"; "-0xffffffff"; "0u4294967295"; "0u4294967296";
                    "0b101"; "0o777"; "1_000"; "_1"; "1_"; ""; "-"; "0x"; "12a"; " 1"; "0xAbC" ];
  List.iter try64 [ "9223372036854775807"; "9223372036854775808"; "-9223372036854775808";
                    "0xffffffffffffffff"; "0x1ffffffffffffffff"; "0u18446744073709551615";
                    "-0x8000000000000000"; "123456789012345678901234"; "abc" ];
  List.iter tryn [ "42"; "-42"; "0x7fffffffffffffff"; "0xffffffffffffffff"; "99999999999999999999" ];
  (try ignore (Int32.of_string "x") with Failure msg -> print_endline msg);
  print_endline (Int64.to_string (Int64.of_string (Int64.to_string Int64.min_int)))
