type t = [ `A | `B ]
let f = function `C -> 1 | (`A : t) -> 2 | _ -> 3
