module S1 = Set.Make (struct type t = int let compare = compare end)
module S2 = Set.Make (struct type t = int let compare = compare end)
let f (x : S1.t) : S2.t = x
