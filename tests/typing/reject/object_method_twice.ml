let f (o : < m : int; m : string >) = o
