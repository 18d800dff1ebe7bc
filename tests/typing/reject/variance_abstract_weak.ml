(* An abstract type is invariant without annotation: the expansive value stays weak. *)
type 'a t
external make : unit -> 'a t = "%identity"
let x = make ()
