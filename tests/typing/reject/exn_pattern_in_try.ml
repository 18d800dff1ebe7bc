let f x = try x () with exception Not_found -> 1
