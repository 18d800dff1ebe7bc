(* An abstract type of the parameter cannot be the type of a weak variable outside. *)
let r = ref []
module F (X : sig type t val x : t end) = struct let () = r := [X.x] end
let () = r := [1]
