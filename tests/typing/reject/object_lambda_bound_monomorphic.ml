(* A lambda-bound object is monomorphic: its method has one type. *)
let f o = o#m
let g o = ((f o : int), (f o : string))
