(* A functor is checked at its definition, applied or not: its parameter's abstract type is
   not int. *)
module F (X : sig type t val x : t end) = struct let y = X.x + 1 end
let () = print_endline "never runs"
