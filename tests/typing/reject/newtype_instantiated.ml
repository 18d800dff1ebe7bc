let f (type a) (x : a) = x + 1
