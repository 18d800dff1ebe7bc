(* A let-bound object type is generalised with its row: f is used at two types. *)
let f o = o#m
let a (o : < m : int; n : bool >) = f o + 1
let b (o : < m : string >) = f o ^ ""
let c = (a, b, f 1)
