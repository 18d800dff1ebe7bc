module type S = sig
  type t = A | B | A
end
