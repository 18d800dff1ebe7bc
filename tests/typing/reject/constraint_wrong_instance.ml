(* A constrained type's argument fixes the constructor's argument type. *)
type 'a t = T of 'b constraint 'a = 'b list

let f (T x : int list t) : string = x
