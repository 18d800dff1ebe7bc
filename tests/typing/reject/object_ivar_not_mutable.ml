let o = object val x = 1 method set = x <- 2 end
