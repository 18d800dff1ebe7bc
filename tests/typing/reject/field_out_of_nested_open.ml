(* Opening M makes M's own fields visible, not those of a module inside it. *)
module M = struct module I = struct type r = { lbl : int } end end
open M
let f x = x.lbl
