(* A weak variable a module leaves free cannot become one of the module's types. *)
module M = struct type t = A let r = ref [] end
let () = M.r := [M.A]
