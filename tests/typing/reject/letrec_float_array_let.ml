let rec x = let u = [| y |] in 10. and y = 1.
