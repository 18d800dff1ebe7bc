(* Once a module redefines a type its `include` brought, that type's constructors are not
   the module's. *)
module A = struct type t = A | B let x = A end
module B = struct include A type t = string let y = "s" end
let () = match B.x with B.A -> print_endline "A" | B.B -> print_endline "B"
