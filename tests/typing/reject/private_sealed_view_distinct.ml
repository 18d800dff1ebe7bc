(* The sealed module's private view is a type of its own: the original module's type is not
   it (OCaml does not strengthen the sealed module by the original). *)
module type S = sig type t = private A | B end
module M = struct type t = A | B end
module M_S = (M : S)
let f (x : M.t) : M_S.t = x
