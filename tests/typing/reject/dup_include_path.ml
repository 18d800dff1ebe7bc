module M = struct type u = int end
type u = string
include M
