let () = print_string (Bytes.make 3 (Char.chr 97))
