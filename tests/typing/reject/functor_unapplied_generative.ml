(* A generative functor's body is checked too. *)
module F () = struct let x = 1 + "one" end
