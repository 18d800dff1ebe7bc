let a = Array.make 3 []
let () = a.(0) <- [1]; a.(1) <- ["x"]
