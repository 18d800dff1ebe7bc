(* One name for a constructor of two existentials binds only one of them. *)
type u = C : 'a * ('a -> 'b list) -> u
let f = function C (type a) (x, f : a * (a -> a list)) -> ignore (x : a)
