let rec f = let y = f 1 in fun x -> x + y
