(* Sealing an existing module with `type t = private A | B`: the sealed module's constructors
   build no value, while the original module's still do. *)
module type S = sig type t = private A | B end
module M = struct type t = A | B end
module M_S = (M : S)
let ok = M.A
let bad = M_S.A
