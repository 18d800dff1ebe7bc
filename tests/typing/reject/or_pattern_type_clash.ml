let f () = match (1, "") with (x, _) | (_, x) -> ignore x
