type t = C of { x : int }
let f = function C r -> r
