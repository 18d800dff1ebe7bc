let m x = match x with Some 1 -> () | Some _ -> .
