let f (o : < m : int >) = (o : < m : string; .. >)
