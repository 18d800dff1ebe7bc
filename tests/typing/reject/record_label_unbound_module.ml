(* A label's module qualifier must name a module, even where the expected type tells which
   record is meant. *)
type foo = { x : int }
let r : foo = { ZZZ.x = 2 }
