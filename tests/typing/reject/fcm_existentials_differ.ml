(* Two unpackings have different abstract types. *)
module type S = sig type t val x : t val show : t -> string end
let f (a : (module S)) (b : (module S)) =
  let module A = (val a) in
  let module B = (val b) in
  B.show A.x
