let g y = (fun (type a) (x : a) -> x = y)
