let same (type a b) (x : a) (y : b) = x = y
