(* Arg.Int's function takes an int. *)
let () = Arg.parse [ ("-x", Arg.Int print_string, "the x") ] ignore "usage"
