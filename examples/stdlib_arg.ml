(* OCaml 4.13's Arg: parse (the real command line), parse_argv with its errors and usage
   texts, align, usage_string, Arg.Bad/Arg.Help. *)
let verbose = ref false
let count = ref 0
let name = ref ""
let rest = ref []
let anon = ref []

let spec =
  Arg.align
    [ ("-v", Arg.Set verbose, " verbose output");
      ("-n", Arg.Set_int count, "N\tthe count");
      ("--name", Arg.Set_string name, "NAME the name");
      ("-mode", Arg.Symbol ([ "fast"; "slow" ], fun m -> Printf.printf "mode %s\n" m), " speed");
      ("-f", Arg.Float (fun f -> Printf.printf "float %g\n" f), "X a float");
      ("-b", Arg.Bool (fun b -> Printf.printf "bool %b\n" b), "B a bool");
      ("-pair", Arg.Tuple [ Arg.Int (Printf.printf "a=%d "); Arg.String print_endline ], "A B pair");
      ("-hidden", Arg.Unit (fun () -> print_endline "hidden"), "");
      ("--", Arg.Rest (fun s -> rest := s :: !rest), " the rest") ]

let () =
  Arg.parse spec (fun s -> anon := s :: !anon) "usage: stdlib_arg [options] files";
  Printf.printf "verbose=%b count=%d name=%s anon=[%s] rest=[%s]\n" !verbose !count !name
    (String.concat ";" (List.rev !anon)) (String.concat ";" (List.rev !rest))

let try_argv argv =
  let current = ref 0 in
  try
    Arg.parse_argv ~current (Array.of_list ("prog" :: argv)) spec
      (fun s -> if s = "boom" then raise (Arg.Bad "no boom") else Printf.printf "anon %s\n" s)
      "usage: prog";
    Printf.printf "ok, current=%d\n" !current
  with
  | Arg.Bad m -> Printf.printf "Bad:\n%s" m
  | Arg.Help m -> Printf.printf "Help:\n%s" m

let () =
  List.iter try_argv
    [ [ "-n"; "3"; "x" ]; [ "-n" ]; [ "-n"; "three" ]; [ "-v=true" ]; [ "-unknown" ];
      [ "-mode"; "medium" ]; [ "-mode=slow" ]; [ "-b"; "maybe" ]; [ "-pair"; "1"; "two" ];
      [ "boom" ]; [ "-help" ]; [ "--help" ]; [ "-f"; "2.5"; "--"; "-v"; "z" ] ];
  print_string (Arg.usage_string [ ("-x", Arg.Unit ignore, "the x") ] "short usage")
