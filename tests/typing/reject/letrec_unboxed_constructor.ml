(* An unboxed constructor is its argument: `A y` is `y` itself (Rec_check's Return mode). *)
type r = A of r [@@unboxed]
let rec y = A y
