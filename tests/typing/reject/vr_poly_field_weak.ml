(* An expansive field value is not general: its variable is weak. *)
type t = { f : 'a. 'a -> 'a }
let r = { f = (fun x -> x) (fun x -> x) }
