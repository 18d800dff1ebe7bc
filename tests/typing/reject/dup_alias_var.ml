let f = function ((x, _) | (_, x)) as x -> x
