(* `_` in a GADT constructor's argument is an existential too. *)
type other = Any : _ -> other
let Any x = Any ()
