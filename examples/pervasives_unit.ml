(* Stdlib.Pervasives (deprecated, compiled from the installed pervasives.ml): its values are
   the unqualified library's, its externals OCaml's primitives. *)
[@@@ocaml.warning "-3"]
module P = Pervasives

let () =
  P.print_endline (P.string_of_int (P.( + ) 40 2));
  P.print_endline (P.string_of_float (P.sqrt 2.));
  P.print_endline (P.string_of_float (P.( ** ) 2. 10.));
  Printf.printf "%d %d %d\n" (P.compare 1 2) (P.min 3 4) (P.max 3 4);
  Printf.printf "%b %b %b\n" (P.( = ) [1] [1]) (let s = "a" in P.( == ) s s) (P.( & ) true false);
  Printf.printf "%d %d %d\n" (P.abs (-5)) (P.lnot 0) (P.( lsr ) (-1) 60);
  Printf.printf "%s %s\n" (P.string_of_bool true) (P.( ^ ) "con" "cat");
  Printf.printf "%c %d\n" (P.char_of_int 65) (P.int_of_char 'z');
  Printf.printf "%.3f %.3f %.3f\n" (P.mod_float 7.5 2.) (P.ldexp 1. 4) (P.copysign 3. (-1.));
  let (m, e) = P.frexp 8. in
  Printf.printf "%g %d\n" m e;
  let (f, i) = P.modf 3.25 in
  Printf.printf "%g %g\n" f i;
  (match P.classify_float P.nan with P.FP_nan -> print_endline "nan" | _ -> print_endline "?");
  Printf.printf "%d %d\n" P.max_int P.min_int;
  Printf.printf "%h %h\n" P.max_float P.epsilon_float;
  (match P.int_of_string_opt "12x" with None -> print_endline "None" | Some _ -> ());
  (match P.float_of_string_opt "1.5" with Some f -> P.print_float f | None -> ());
  P.print_newline ();
  let r = P.ref 1 in
  P.incr r;
  P.( := ) r (P.( ! ) r * 10);
  P.print_int (P.( ! ) r);
  P.print_newline ();
  Printf.printf "%d\n" (P.fst (1, 2) + P.snd (1, 2));
  Printf.printf "line %d, %s\n" Pervasives.__LINE__ Pervasives.__LOC__;
  P.print_endline (P.string_of_format (P.( ^^ ) "%d and %s" " more"));
  List.iter P.print_string (P.( @ ) ["a"; "b"] ["c\n"]);
  (try P.failwith "boom" with Failure m -> P.print_endline m);
  (try P.invalid_arg "bad" with Invalid_argument m -> P.print_endline m);
  (try P.raise P.Exit with P.Exit -> P.print_endline "Exit");
  (match (Ok 1 : (int, string) P.result) with P.Ok n -> P.print_int n | P.Error _ -> ());
  P.print_newline ();
  let file = Filename.temp_file "pervasives" ".txt" in
  let oc = P.open_out_gen [P.Open_wronly; P.Open_trunc; P.Open_creat] 0o600 file in
  P.output_string oc "line one\nline two\n";
  P.output_binary_int oc 0x01020304;
  Printf.printf "pos_out %d, large %Ld\n" (P.pos_out oc) (P.LargeFile.pos_out oc);
  P.close_out oc;
  let ic = P.open_in_bin file in
  Printf.printf "length %d\n" (P.in_channel_length ic);
  P.print_endline (P.input_line ic);
  P.print_endline (P.input_line ic);
  Printf.printf "%x\n" (P.input_binary_int ic);
  (try ignore (P.input_char ic) with End_of_file -> P.print_endline "End_of_file");
  P.close_in ic;
  Sys.remove file;
  P.at_exit (fun () -> P.print_endline "at_exit ran");
  P.prerr_endline "to stderr";
  P.exit 3
