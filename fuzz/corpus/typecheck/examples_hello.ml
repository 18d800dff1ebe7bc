(* The smallest program: print a line. *)
let () = print_endline "Hello, world!"
