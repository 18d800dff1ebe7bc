let verbose = ref false
let n = ref 0
let name = ref ""
let rest = ref []
let mode = ref ""
let speclist = Arg.align [
  "-v", Arg.Set verbose, " Verbose output";
  "-n", Arg.Set_int n, "N Number of things";
  "--name", Arg.Set_string name, "NAME The name";
  "-mode", Arg.Symbol (["fast"; "slow"], fun s -> mode := s), " Mode";
  "-f", Arg.Float (fun f -> Printf.printf "float %g\n" f), "F a float";
  "--", Arg.Rest (fun s -> rest := s :: !rest), " Rest";
]
let () =
  let argv = [| "prog"; "-v"; "-n"; "42"; "--name"; "bob"; "-mode"; "slow"; "-f"; "2.5"; "anon1"; "--"; "x"; "y" |] in
  let anon = ref [] in
  Arg.parse_argv ~current:(ref 0) argv speclist (fun s -> anon := s :: !anon) "usage: prog [options]";
  Printf.printf "%b %d %s %s [%s] [%s]\n" !verbose !n !name !mode (String.concat "," (List.rev !anon)) (String.concat "," (List.rev !rest));
  print_string (Arg.usage_string speclist "usage: prog [options]");
  (try Arg.parse_argv ~current:(ref 0) [| "prog"; "-n"; "x" |] speclist ignore "usage" with
   | Arg.Bad msg -> print_string msg | Arg.Help msg -> print_string msg);
  (try Arg.parse_argv ~current:(ref 0) [| "prog"; "-zz" |] speclist ignore "usage" with
   | Arg.Bad msg -> print_string msg | Arg.Help msg -> print_string msg);
  (try Arg.parse_argv ~current:(ref 0) [| "prog"; "-help" |] speclist ignore "usage" with
   | Arg.Bad msg -> print_string msg | Arg.Help msg -> print_string msg)
(* The program's own arguments (stdlib_arg.args), through Arg.parse and Sys.argv. *)
let () =
  let k = ref 0 and words = ref [] in
  Arg.parse
    [ ("-k", Arg.Set_int k, "K a count"); ("-t", Arg.Tuple [ Arg.Int (Printf.printf "t1=%d\n"); Arg.String print_endline ], "I S a pair") ]
    (fun w -> words := w :: !words)
    "usage: arg_parse_argv [-k K] WORDS";
  Printf.printf "k=%d words=%s\n" !k (String.concat " " (List.rev !words))
