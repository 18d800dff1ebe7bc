type other = Any : _ -> other
let f (Any x) = x + 1
