let log oc fmt_arg = Printf.fprintf oc "[log] %s\n" fmt_arg
let () =
  Printf.fprintf stdout "%d + %d = %d\n" 1 2 3;
  Printf.fprintf stderr "warning: %s (%d)\n" "careful" 42;
  log stdout "to stdout";
  log stderr "to stderr";
  let pr = Printf.fprintf stdout "<%c>" in
  pr 'a'; pr 'b'; print_newline ();
  output_string stdout "out\n";
  output_char stdout 'c'; output_char stderr 'e';
  prerr_char '\n';
  output_substring stdout "hello world" 6 5; print_newline ();
  Printf.fprintf stdout "flush%!ed\n";
  flush_all ();
  List.iter (Printf.fprintf stdout "%d;") [1; 2; 3];
  print_newline ()
