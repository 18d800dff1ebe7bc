type t = C of { x : int }
let f = { x = 1 }
