(* A record pattern names each field once. *)
type r = { x : int; y : int }
let f { x; x = y; y = _ } = x + y
