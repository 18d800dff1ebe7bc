(* Scanf flags, widths and precisions as OCaml parses them (legacy mode: %5c, %.3s, %05d,
   %+d), character sets with %% @ ] -, stoppers of every @ directive, \r\n for \n, escapes
   in %C and %S, hexadecimal floats. *)
let show f = try f () with e -> print_endline ("exn: " ^ Printexc.to_string e)
let () =
  show (fun () -> Scanf.sscanf "abcdef" "%5c%s" (fun a b -> Printf.printf "%c %s\n" a b));
  show (fun () -> Scanf.sscanf "abcdef" "%-s" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "abcdef" "%.-3s%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "abcdef" "%-.3s%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "123456" "%05d%d" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> Scanf.sscanf "123456" "%+d" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "123456" "% d" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "ff" "%#x" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "12345" "%3.1d%d" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> Scanf.sscanf "1.23456" "%4f%s" (fun a b -> Printf.printf "%g %s\n" a b));
  show (fun () -> Scanf.sscanf "1.23456e5" "%.2e%s" (fun a b -> Printf.printf "%g %s\n" a b));
  show (fun () -> Scanf.sscanf "-1.5" "%+F" (fun a -> Printf.printf "%g\n" a));
  show (fun () -> Scanf.sscanf "true" "%5b" (fun a -> Printf.printf "%b\n" a));
  show (fun () -> Scanf.sscanf "\"abcdef\"" "%4S" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "abc" "%_0c%s" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "abc" "%_c%s" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "a b" "%_[a-z] %s" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "a%b" "%[%%a]%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "a@b" "%[@a]%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "a-z" "%[a-]%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "^x" "%[]^]%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "ab\n" "%s@\n%!" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "ab" "%s@\n%!" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "ab@cd" "%s@@%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "ab@ cd" "%s@@ %s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "ab<3>cd" "%s@<3>%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "ab;<1 2>cd" "%s@;<1 2>%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "ab]cd" "%s@]%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "@]cd" "@]%s" (fun b -> Printf.printf "%s\n" b));
  show (fun () -> Scanf.sscanf "@{<t>cd" "@{<t>%s" (fun b -> Printf.printf "%s\n" b));
  show (fun () -> Scanf.sscanf "ab{<t>cd" "%s@{<t>%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "x" "%s@" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "x@" "%s@" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "1\r\n2" "%d\n%d" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> Scanf.sscanf "1\r2" "%d\n%d" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> Scanf.sscanf "\\n" "%C" (fun a -> Printf.printf "%C\n" a));
  show (fun () -> Scanf.sscanf "'\\256'" "%C" (fun a -> Printf.printf "%C\n" a));
  show (fun () -> Scanf.sscanf "'\\xzz'" "%C" (fun a -> Printf.printf "%C\n" a));
  show (fun () -> Scanf.sscanf "\"ab\\r\ncd\"" "%S" (fun a -> Printf.printf "%S\n" a));
  show (fun () -> Scanf.sscanf "0x1p-2 0X1P+2 -0x.8p1" "%h %h %h" (fun a b c -> Printf.printf "%g %g %g\n" a b c));
  show (fun () -> Scanf.sscanf "0x1p-2 0x1 1.5" "%F %F %F" (fun a b c -> Printf.printf "%g %g %g\n" a b c));
  show (fun () -> Scanf.sscanf "inf nan" "%f %f" (fun a b -> Printf.printf "%g %g\n" a b))
