let f x = let a = x and a = 2 in a
