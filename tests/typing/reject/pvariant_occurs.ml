(* A recursive inferred type through a variant is fine, through a tuple it is not. *)
let rec f x = match x with `A y -> f (y, y) | `B -> ()
