type t = int
type u = bool
type t = string
