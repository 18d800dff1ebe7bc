type t = ..
type u = ..
type u += A
type t += B = A
