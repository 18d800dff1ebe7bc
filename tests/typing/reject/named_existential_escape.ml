(* A named existential type may not leave its case. *)
type _ ty = Int : int ty
type dyn = Dyn : 'a ty * 'a -> dyn
let g = function Dyn (type a) (w, x : a ty * a) -> x
