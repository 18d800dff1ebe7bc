(* Scanf with formats as values: wrappers taking a format, ^^, format_of_string, scanning
   functions as values, scanning-only formats (%[..], %_d, %n) passed around, and what OCaml
   rejects at run time (%-3d, %a) with the format in the message. *)
let id x = x
let unit fmt s =
  let ib = Scanf.Scanning.from_string (Printf.sprintf "%S" s) in
  Scanf.bscanf ib fmt id
let test_fmt fmt s = unit fmt s = s
let () = Printf.printf "%b %b\n" (test_fmt "%S" "a\"b") (test_fmt "%S" "a\nb")
let read fmt = Scanf.sscanf "12 3.5 abc x" fmt
let () =
  read "%d %f %s %c" (fun a b c d -> Printf.printf "%d %g %s %c\n" a b c d);
  read ("%d" ^^ " %f") (fun a b -> Printf.printf "%d %g\n" a b);
  (try read "%d %d" (fun a b -> Printf.printf "%d %d\n" a b) with e -> print_endline (Printexc.to_string e));
  (try read "%-3d" (fun a -> Printf.printf "%d\n" a) with e -> print_endline (Printexc.to_string e));
  (try read ("%d" ^^ "%a") (fun a _ _ -> Printf.printf "%d\n" a) with e -> print_endline (Printexc.to_string e));
  let fs = [Scanf.sscanf; Scanf.sscanf] in
  List.iter (fun f -> f "5 6" (" %d %d" : (_, _, _, _, _, _) format6) (fun x y -> Printf.printf "%d\n" (x+y))) fs;
  let k = Scanf.ksscanf "x" (fun _ e -> Printexc.to_string e) in
  print_endline (k "%d" string_of_int);
  let fmt = format_of_string "%2d%s@!%ld" in
  Scanf.sscanf "123abc!7" fmt (fun a b c -> Printf.printf "%d %s %ld\n" a b c);
  Printf.printf "%d %s %ld\n" 1 "x" 2l;

  let fail fmt = Printf.ksprintf failwith fmt in
  (try fail "x=%d" 3 with Failure m -> print_endline m)
let scan_list fmt s =
  let ib = Scanf.Scanning.from_string s in
  let rec go acc =
    if Scanf.Scanning.end_of_input ib then List.rev acc
    else go (Scanf.bscanf ib fmt (fun x _ -> x) :: acc)
  in
  go []
let () =
  List.iter (Printf.printf "%d ") (scan_list " %i %1[;]" "1; 2;3 ;0x10;");
  print_newline ();
  List.iter (Printf.printf "%S ") (scan_list " %S %1[;]" "\"a\"; \"b c\";");
  print_newline ();
  let count fmt = Scanf.sscanf "ab cd" fmt (fun s n -> Printf.printf "%s %d\n" s n) in
  count "%_s %s%n";
  count "%[a-z]%N";
  (try Printf.printf (format_of_string "%[a-z]") "x" with Invalid_argument _ -> print_endline "not printed")
