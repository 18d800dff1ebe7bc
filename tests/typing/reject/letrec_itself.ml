let rec x = x
