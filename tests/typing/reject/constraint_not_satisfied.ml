(* A use of a constrained type whose argument is no instance of the constraint. *)
type 'a t = T of 'b constraint 'a = 'b list

let x : int t = T 1
