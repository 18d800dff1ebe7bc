(* Building an array of a type variable's values inspects them (is it a float array?). *)
let f z = let rec x = [| y; z |] and y = z in x
