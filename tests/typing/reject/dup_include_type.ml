type t = int
include struct type t = bool end
