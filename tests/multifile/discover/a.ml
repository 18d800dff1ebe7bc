let () = print_endline "A initialised"
let describe n = "A:" ^ B.show (B.make n)
let items () = List.init 4 B.make
