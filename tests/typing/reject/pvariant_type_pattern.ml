(* #t needs t to be a polymorphic variant type. *)
type t = int
let f = function #t -> 1 | _ -> 2
