(* An alias of a module names its fields qualified, not unqualified. *)
module M = struct type r = { lbl : int } end
module N = M
let f x = x.lbl
