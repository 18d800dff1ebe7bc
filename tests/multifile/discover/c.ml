let () = print_endline "c.ml is not part of the program"
let name = "unit C"
