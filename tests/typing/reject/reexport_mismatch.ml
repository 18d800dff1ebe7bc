type s = A | B of int
type t = s = A | B of string
