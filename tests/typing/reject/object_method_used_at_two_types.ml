let f o = ignore (o#m + 1); o#m ^ ""
