(* Two constraints on one parameter that do not unify. *)
type 'a t = T constraint 'a = int constraint 'a = float
