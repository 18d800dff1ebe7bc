let id x = x
let f = id id
let () = print_int (f 1)
let () = print_string (f "a")
