let x = 1 and y = 2 and x = 3
