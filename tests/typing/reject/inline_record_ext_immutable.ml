type t = ..
type t += C of { x : int }
let f = function C r -> r.x <- 1 | _ -> ()
