(* Equations from an or-pattern's sides do not hold in its body. *)
type _ t = Int : int -> int t | Add : int t * int t -> int t | Id : 'a t -> 'a t
let rec g : type a. a t -> a t = function
  | Add (Int 0, e) | Add (e, Int 0) -> e
  | e -> e
