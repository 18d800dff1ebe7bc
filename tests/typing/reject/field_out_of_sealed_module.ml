(* A sealed module's fields are the module's too. *)
module M : sig type r = { lbl : int } end = struct type r = { lbl : int } end
let f x = x.lbl
