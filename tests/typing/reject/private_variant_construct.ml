module M : sig
  type t = private A | B of int
end = struct
  type t = A | B of int
end

let x = M.B 1
