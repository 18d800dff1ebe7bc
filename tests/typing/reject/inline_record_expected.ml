type t = C of { x : int }
let f = C 1
