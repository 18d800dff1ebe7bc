type t = { f : 'a. 'a -> 'a }
let r = { f = (fun x -> x + 1) }
