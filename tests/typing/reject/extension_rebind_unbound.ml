type t = ..
type t += B = Nowhere
