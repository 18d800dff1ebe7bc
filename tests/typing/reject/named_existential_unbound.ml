(* Each named existential must be bound by the argument's constraint: [_] binds none. *)
type _ ty = Int : int ty
type dyn = Dyn : 'a ty * 'a -> dyn
let f = function Dyn (type a) (w, x : _) -> ()
