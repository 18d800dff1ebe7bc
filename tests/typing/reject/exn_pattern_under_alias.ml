let f x = match x with (exception Not_found) as y -> 1 | _ -> 2
