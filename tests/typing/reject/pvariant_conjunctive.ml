(* A present tag cannot have a conjunctive type. *)
type t = [ `A of int & string ]
