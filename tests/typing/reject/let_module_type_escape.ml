let () = let module M = struct type t = A end in ()
let g = let module M = struct type t = A end in M.A
