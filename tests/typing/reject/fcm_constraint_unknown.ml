(* A package type constrains only types its signature declares. *)
module type S = sig type t val x : t end
let f (m : (module S with type u = int)) = m
