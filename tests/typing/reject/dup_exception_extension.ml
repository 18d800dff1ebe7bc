type t = ..
exception A
type t += A
