(* A private abbreviation is not its definition without a coercion. *)
module M : sig type t = private int val v : t end = struct type t = int let v = 1 end
type u = private int
let f (x : u) = x + 1
