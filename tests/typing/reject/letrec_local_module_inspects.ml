(* A local module's definitions are evaluated with the definition: `x + 1` inspects x. *)
let rec x = let module M = struct let y = x + 1 end in M.y
