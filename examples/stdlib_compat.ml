(* Deprecated and small modules of OCaml 4.13's stdlib: Pervasives, Unit, Atomic, Stream,
   Genlex; Array.create, Array.unsafe_get/unsafe_set, Format's all-output functions. *)
let () =
  Printf.printf "%d %d %b %s\n" (Pervasives.compare "a" "b") (Pervasives.max 3 4)
    (Pervasives.( = ) [1] [1]) (Pervasives.string_of_float 1.5);
  let r = Pervasives.ref 1 in
  Pervasives.incr r;
  Pervasives.print_endline (Pervasives.string_of_int (Pervasives.( ! ) r));
  (try Pervasives.raise Pervasives.Exit with
   | Stdlib.Exit -> print_endline "Stdlib.Exit"
   | Pervasives.Exit -> print_endline "Pervasives.Exit");
  Printf.printf "%s %b %d\n" (Unit.to_string ()) (Unit.equal () ()) (Unit.compare () ());
  let a = Atomic.make 10 in
  Atomic.incr a;
  Printf.printf "%d %d %b %b %d %d\n" (Atomic.fetch_and_add a 5) (Atomic.get a)
    (Atomic.compare_and_set a 16 20) (Atomic.compare_and_set a 16 30) (Atomic.exchange a 1)
    (Atomic.get a);
  (* Stream *)
  let s = Stream.of_list [1; 2; 3; 4] in
  Printf.printf "peek %s count %d\n"
    (match Stream.peek s with Some x -> string_of_int x | None -> "none") (Stream.count s);
  Stream.junk s;
  Printf.printf "npeek %s\n" (String.concat "," (List.map string_of_int (Stream.npeek 2 s)));
  let s2 = Stream.from (fun i -> if i < 3 then Some (i * 10) else None) in
  Stream.iter (fun x -> Printf.printf "from %d\n" x) s2;
  (try ignore (Stream.next s2) with Stream.Failure -> print_endline "Stream.Failure");
  (try Stream.empty s with Stream.Failure -> print_endline "not empty");
  let cs = Stream.of_string "ab" in
  Printf.printf "%c%c\n" (Stream.next cs) (Stream.next cs);
  (* Genlex *)
  let lexer = Genlex.make_lexer ["let"; "="; "in"; "+"] in
  let toks = lexer (Stream.of_string "let x = 3.5 in 'c' \"str\" + y1 (* c *) 42") in
  let show = function
    | Genlex.Kwd k -> "Kwd " ^ k | Genlex.Ident i -> "Ident " ^ i
    | Genlex.Int n -> "Int " ^ string_of_int n | Genlex.Float f -> "Float " ^ string_of_float f
    | Genlex.String s -> "String " ^ s | Genlex.Char c -> "Char " ^ String.make 1 c in
  Stream.iter (fun t -> print_endline (show t)) toks;
  (try Stream.iter ignore (lexer (Stream.of_string "\"unterminated"))
   with Stream.Error m -> Printf.printf "Stream.Error %S\n" m | Stream.Failure -> print_endline "F");
  (* Array *)
  let a = Array.create 3 'x' in
  Array.unsafe_set a 1 'y';
  Printf.printf "%c%c%c %c\n" a.(0) a.(1) a.(2) (Array.unsafe_get a 1);
  (* Format *)
  let buf = Buffer.create 16 in
  let out, flush, newline, spaces = Format.get_all_formatter_output_functions () in
  Format.set_all_formatter_output_functions
    ~out:(fun s o n -> Buffer.add_string buf (String.sub s o n))
    ~flush:(fun () -> ())
    ~newline:(fun () -> Buffer.add_string buf "<NL>")
    ~spaces:(fun n -> Buffer.add_string buf (string_of_int n));
  Format.printf "@[<v 2>a@,b@]@.";
  Format.set_all_formatter_output_functions ~out ~flush ~newline ~spaces;
  Printf.printf "%S\n" (Buffer.contents buf);
  Format.printf "back@."
