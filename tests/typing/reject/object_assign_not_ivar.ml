let y = ref 0
let o = object val mutable x = 1 method set = y <- 2 end
