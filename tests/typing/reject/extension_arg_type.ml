(* An extension constructor's argument has its declared type, at the extension's parameter. *)
type 'a box = ..
type 'a box += Box of 'a
let f (b : int box) = match b with Box s -> String.length s | _ -> 0
