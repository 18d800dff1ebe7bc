type t = [ `A | `B ]
let f (x : t) = match x with `A -> 1 | `B -> 2 | `C -> 3
