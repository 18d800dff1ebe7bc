module F (X : sig end) = struct type t = A end
let y = let module M = F (struct end) in M.A
