(* A local `let` returning the group's name returns its value before it exists (`Return`). *)
let rec x = let _y = () in x
