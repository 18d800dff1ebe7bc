(* A private variant's inline record is read-only outside, mutable field or not. *)
module M : sig
  type t = private A of { mutable x : int }
  val v : t
end = struct
  type t = A of { mutable x : int }
  let v = A { x = 1 }
end
let () = match M.v with A r -> r.x <- 42
