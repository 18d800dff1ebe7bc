(* `azdwbie and `c7diagq have the same hash: they cannot be tags of one type. *)
let x = function `azdwbie -> () | `c7diagq -> ()
