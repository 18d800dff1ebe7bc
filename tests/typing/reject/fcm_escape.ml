(* An unpacked module's abstract type cannot leave the function that unpacks it. *)
module type S = sig type t val x : t end
let get (module M : S) = M.x
