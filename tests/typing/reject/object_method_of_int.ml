let x = 3#m
