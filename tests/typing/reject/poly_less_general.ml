let rec f : 'a. 'a -> 'a = fun x -> x + 1
