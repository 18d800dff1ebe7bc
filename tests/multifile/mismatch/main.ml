let () = print_int Counter.size
