(* Every field of a record expression of no known type is looked up in scope: the first one
   found does not bring the others. *)
module M = struct type r = { a : int; b : int } end
type s = { a : int }
let x = { a = 1; b = 2 }
