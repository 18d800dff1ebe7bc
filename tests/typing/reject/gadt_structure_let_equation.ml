(* A structure's let may not add an equation: it would hold in the rest of the module. *)
type _ t = I : int t
let f (type a) (x : a t) =
  let module M = struct
    let (I : a t) = x
    let y = (I : a t)
  end in
  ()
