let f () = match 1 with x | exception Failure x -> ignore x
