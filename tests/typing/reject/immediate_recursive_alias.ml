type t = s [@@immediate]
and s = string
