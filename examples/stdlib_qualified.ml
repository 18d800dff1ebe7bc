let compare a b = 0
let () = Printf.printf "%d %d\n" (compare 1 2) (Stdlib.compare 1 2)
let () = print_endline (String.concat "," (Stdlib.List.map string_of_int [1;2]))
let r : int Stdlib.ref = Stdlib.ref 3
let () = try raise Stdlib.Not_found with Not_found -> print_endline "nf"
let () = Stdlib.print_endline (Stdlib.string_of_int Stdlib.(1 + 2))
let () = print_int Stdlib.(!r); print_newline ()
