let s = "abc"
let () = Bytes.set s 0 (Char.chr 120); print_string s
