type 'a box = { mutable v : 'a list }
let b = { v = [] }
let () = b.v <- [1]; b.v <- ["a"]
