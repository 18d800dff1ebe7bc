let f = function (x, Some x) -> x | _ -> 0
