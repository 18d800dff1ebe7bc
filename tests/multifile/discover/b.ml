let () = print_endline "B initialised"
type t = { n : int }
let make n = { n }
let show t = string_of_int t.n
