let f () = match 1 with x | exception Failure _ -> ignore x | _ -> ()
