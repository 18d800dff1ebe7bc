let f = function exception Not_found -> 1 | x -> x
