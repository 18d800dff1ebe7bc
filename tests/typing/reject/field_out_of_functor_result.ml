(* A functor's result's fields are its application's. *)
module F (X : sig end) = struct type r = { lbl : int } end
module N = F (struct end)
let f x = x.lbl
