let o = object val x = 1 method copy = {< y = 2 >} end
