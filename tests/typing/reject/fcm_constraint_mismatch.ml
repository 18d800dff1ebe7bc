(* The constrained type must be the module's. *)
module type S = sig type t val x : t end
module I = struct type t = int let x = 3 end
let m = (module I : S with type t = string)
