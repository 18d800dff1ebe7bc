let o = object val mutable x = 1 method set = z <- 2 end
