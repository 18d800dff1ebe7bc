let o = object val mutable x = 1 method set = x <- "one" end
