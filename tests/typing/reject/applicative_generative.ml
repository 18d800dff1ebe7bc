module F () = struct type t = A let v = A end
module X = F ()
module Y = F ()
let f (x : X.t) : Y.t = x
