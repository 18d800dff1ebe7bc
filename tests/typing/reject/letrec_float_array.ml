(* A float array literal unboxes its elements, reading them. *)
let f (z : float) = let rec x = [| y; z |] and y = z in x
