(* Destructive substitutions next to module aliases that they do not change, and a
   non-destructive one on an aliased module: OCaml accepts them. *)
module Q = struct type t = int end
module type S1 = sig
  module M : sig type t end
  module A = M
end with type M.t = float
module type S2 = sig
  module M : sig module N : sig type t end end
  module B = M.N
end with module M.N := Q
let () = print_endline "ok"
