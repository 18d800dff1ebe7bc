let o = object method m = 1 method n = "x" end
let p = (o :> < m : int; k : int >)
