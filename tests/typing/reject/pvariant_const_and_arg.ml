(* A tag cannot be both constant and with an argument. *)
let f = function `A -> 1 | `A 2 -> 2 | _ -> 3
