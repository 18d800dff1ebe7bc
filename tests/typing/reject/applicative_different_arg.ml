module S1 = Set.Make (String)
module S2 = Set.Make (Int)
let f (x : S1.t) : S2.t = x
