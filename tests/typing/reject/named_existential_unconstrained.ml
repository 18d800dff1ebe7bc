(* A constructor pattern naming its existential types must constrain its argument. *)
type _ ty = Int : int ty
type dyn = Dyn : 'a ty * 'a -> dyn
let f = function Dyn (type a) (w, x) -> ()
