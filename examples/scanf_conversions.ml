(* Scanf.sscanf with every conversion: integers in each base, floats (%f %F %h), strings with
   widths and stoppers (%s@c), character sets, OCaml literals (%S %C), skipped values (%_d),
   counters, readers (%r), %! and the failures OCaml reports (Printexc.to_string). *)
let show f = try f () with e -> print_endline ("exn: " ^ Printexc.to_string e)
let () =
  show (fun () -> Scanf.sscanf "  42  -17 +8" " %d %d %d" (fun a b c -> Printf.printf "%d %d %d\n" a b c));
  show (fun () -> Scanf.sscanf "0x1F 0o17 0b101 -12 077" "%i %i %i %i %i" (fun a b c d e -> Printf.printf "%d %d %d %d %d\n" a b c d e));
  show (fun () -> Scanf.sscanf "ff FF 777 1_000 42" "%x %X %o %d %u" (fun a b c d e -> Printf.printf "%d %d %d %d %d\n" a b c d e));
  show (fun () -> Scanf.sscanf "12345678" "%3d%2d%d" (fun a b c -> Printf.printf "%d %d %d\n" a b c));
  show (fun () -> Scanf.sscanf "3.14 -2.5e3 1e-2 .5 7." "%f %e %g %f %f" (fun a b c d e -> Printf.printf "%g %g %g %g %g\n" a b c d e));
  show (fun () -> Scanf.sscanf "3.14159" "%.2f%d" (fun a b -> Printf.printf "%g %d\n" a b));
  show (fun () -> Scanf.sscanf "1.5 0x1.8p1 -3e2" "%F %F %F" (fun a b c -> Printf.printf "%g %g %g\n" a b c));
  show (fun () -> Scanf.sscanf "12" "%F" (fun a -> Printf.printf "%g\n" a));
  show (fun () -> Scanf.sscanf "0x1.8p1 nan -inf Infinity" "%h %h %h %H" (fun a b c d -> Printf.printf "%g %g %g %g\n" a b c d));
  show (fun () -> Scanf.sscanf "true false" "%b %B" (fun a b -> Printf.printf "%b %b\n" a b));
  show (fun () -> Scanf.sscanf "truth" "%b" (fun a -> Printf.printf "%b\n" a));
  show (fun () -> Scanf.sscanf "xyz" "%b" (fun a -> Printf.printf "%b\n" a));
  show (fun () -> Scanf.sscanf "abc def\tghi\njkl" "%s %s %s %s" (fun a b c d -> Printf.printf "[%s][%s][%s][%s]\n" a b c d));
  show (fun () -> Scanf.sscanf "abcdefgh" "%3s%2s%s" (fun a b c -> Printf.printf "[%s][%s][%s]\n" a b c));
  show (fun () -> Scanf.sscanf "key=value;rest" "%s@=%s@;%s" (fun a b c -> Printf.printf "[%s][%s][%s]\n" a b c));
  show (fun () -> Scanf.sscanf "a line here\nnext" "%s@\n%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "hello world" "%[a-z]%[ ]%[^x]" (fun a b c -> Printf.printf "[%s][%s][%s]\n" a b c));
  show (fun () -> Scanf.sscanf "ABC123def" "%[A-Z]%[0-9]%s" (fun a b c -> Printf.printf "[%s][%s][%s]\n" a b c));
  show (fun () -> Scanf.sscanf "a-b]c" "%[]a-]%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "12345" "%2[0-9]%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "abc,def" "%[^,],%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "abc:def" "%[a-z]@:%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "50% off" "%d%% %s" (fun a b -> Printf.printf "%d [%s]\n" a b));
  show (fun () -> Scanf.sscanf "xy" "%c%c" (fun a b -> Printf.printf "%c %c\n" a b));
  show (fun () -> Scanf.sscanf " x" "%c" (fun a -> Printf.printf "[%c]\n" a));
  show (fun () -> Scanf.sscanf " x" " %c" (fun a -> Printf.printf "[%c]\n" a));
  show (fun () -> Scanf.sscanf "xy" "%0c%c" (fun a b -> Printf.printf "%c %c\n" a b));
  show (fun () -> Scanf.sscanf "\"hello\\n\\\"w\\065\\x41\" 'a' '\\n' '\\''" "%S %C %C %C" (fun s a b c -> Printf.printf "%S %C %C %C\n" s a b c));
  show (fun () -> Scanf.sscanf "\"abc" "%S" (fun s -> Printf.printf "%S\n" s));
  show (fun () -> Scanf.sscanf "abc" "%S" (fun s -> Printf.printf "%S\n" s));
  show (fun () -> Scanf.sscanf "'ab'" "%C" (fun s -> Printf.printf "%C\n" s));
  show (fun () -> Scanf.sscanf "\"a\\qb\"" "%S" (fun s -> Printf.printf "%S\n" s));
  show (fun () -> Scanf.sscanf "\"a\\\n   b\"" "%S" (fun s -> Printf.printf "%S\n" s));
  show (fun () -> Scanf.sscanf "12 34 56" "%d %_d %d" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> Scanf.sscanf "skip this 7" "%_s %_s %d" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "123 -456 789 0x1f" "%ld %Ld %nd %Lx" (fun a b c d -> Printf.printf "%ld %Ld %nd %Ld\n" a b c d));
  show (fun () -> Scanf.sscanf "99999999999" "%ld" (fun a -> Printf.printf "%ld\n" a));
  show (fun () -> Scanf.sscanf "99999999999999999999" "%d" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "ab\ncd\nef" "%s\n%s%n %l %N" (fun a b n l t -> Printf.printf "%s %s n=%d l=%d t=%d\n" a b n l t));
  show (fun () -> Scanf.sscanf "ab cd" "%s %s%L" (fun a b t -> Printf.printf "%s %s %d\n" a b t));
  show (fun () -> Scanf.sscanf "abc" "%s%!" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "abc def" "%s%!" (fun a -> Printf.printf "%s\n" a));
  show (fun () -> Scanf.sscanf "a\r\nb" "%s\n%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "a b" "%s\n%s" (fun a b -> Printf.printf "%s %s\n" a b));
  show (fun () -> Scanf.sscanf "x=1,y=2" "x=%d,y=%d" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> Scanf.sscanf "x=1;y=2" "x=%d,y=%d" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> Scanf.sscanf "x=1" "x=%d,y=%d" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> Scanf.sscanf "" "%s" (fun a -> Printf.printf "[%s]\n" a));
  show (fun () -> Scanf.sscanf "" "%c" (fun a -> Printf.printf "[%c]\n" a));
  show (fun () -> Scanf.sscanf "" " %d" (fun a -> Printf.printf "[%d]\n" a));
  show (fun () -> Scanf.sscanf "-" "%d" (fun a -> Printf.printf "[%d]\n" a));
  show (fun () -> Scanf.sscanf "12" "%1d%1d%d" (fun a b c -> Printf.printf "[%d %d %d]\n" a b c));
  show (fun () -> Scanf.sscanf "abc" "%0s" (fun a -> Printf.printf "[%s]\n" a));
  show (fun () -> Scanf.sscanf "1.5x" "%f" (fun a -> Printf.printf "%g\n" a));
  show (fun () -> Scanf.sscanf "x" "%f" (fun a -> Printf.printf "%g\n" a));
  show (fun () -> Scanf.sscanf "12" "%-5d" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "12" "%*d" (fun _ a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "12" "%5.*f" (fun _ a -> Printf.printf "%g\n" a));
  show (fun () -> Scanf.sscanf "12" "%a" (fun _ _ -> ()));
  show (fun () -> Scanf.sscanf "12" "%t" (fun _ -> ()));
  show (fun () -> Scanf.sscanf "12" "%d%a" (fun n _ _ -> Printf.printf "%d\n" n));
  show (fun () -> Scanf.sscanf "x 12" "%s %r" (fun ib -> Scanf.bscanf ib "%d" (fun x -> x * 2)) (fun s n -> Printf.printf "%s %d\n" s n));
  show (fun () -> Scanf.sscanf "x 12 3" "%s %_r %d" (fun ib -> Scanf.bscanf ib "%d" (fun x -> x * 2)) (fun s n -> Printf.printf "%s %d\n" s n));
  show (fun () -> Scanf.sscanf "abc" "abc" 42 |> Printf.printf "%d\n");
  show (fun () -> Scanf.sscanf "@x" "@%c" (fun c -> Printf.printf "%c\n" c));
  show (fun () -> Scanf.sscanf "@@x" "%@@@%c" (fun c -> Printf.printf "%c\n" c));
  show (fun () -> Scanf.sscanf "a b" "%s@ %s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "a.b" "%s@.%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "a%b" "%s@%%%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "a[<hov 2>b" "%s@[<hov 2>%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "@[x" "@[%s" (fun a -> Printf.printf "[%s]\n" a));
  show (fun () -> Scanf.sscanf "a,b" "%s@,%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "12" "%,%d" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.ksscanf "12x" (fun _ e -> Printf.printf "handled: %s\n" (Printexc.to_string e)) "%d %d" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> print_endline (Scanf.unescaped "a\\tb\\n\\065\\x41\\\""));
  show (fun () -> print_endline (Scanf.unescaped "a\"b"));
  show (fun () -> Scanf.sscanf "  3" "%5s" (fun s -> Printf.printf "[%s]\n" s));
  show (fun () -> Scanf.sscanf "abc" "%.2s%s" (fun a b -> Printf.printf "[%s][%s]\n" a b));
  show (fun () -> Scanf.sscanf "1_000_000 0x_ff" "%d %i" (fun a b -> Printf.printf "%d %d\n" a b));
  show (fun () -> Scanf.sscanf "4611686018427387904" "%d" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "0u4611686018427387904" "%i" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "9223372036854775807" "%u" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "ffffffffffffffff" "%x" (fun a -> Printf.printf "%d\n" a));
  show (fun () -> Scanf.sscanf "5a" "%d%c" (fun a c -> Printf.printf "%d %c\n" a c));
  show (fun () -> Scanf.sscanf "\t \n 5" " %d" (fun a -> Printf.printf "%d\n" a))

(* Other names for the scanning functions: a variable bound to one, open Scanf, a tuple. *)
let m = Scanf.sscanf
let () = m "4 5" "%d %d" (fun a b -> Printf.printf "%d\n" (a * b))
open Scanf
let () = sscanf "6" "%d" (Printf.printf "%d\n")
let ss, bs = Scanf.(sscanf, bscanf)
let () = ss "7" "%d" (Printf.printf "%d\n"); bs (Scanning.from_string "8") "%d" (Printf.printf "%d\n")
