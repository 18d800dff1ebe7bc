let f x = match x () with Some y | exception Failure y when y = "" -> 1 | _ -> 2
