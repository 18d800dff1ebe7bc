let f : 'a 'b. 'a -> 'b -> 'a = fun x y -> if true then x else y
