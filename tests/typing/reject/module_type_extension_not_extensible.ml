(* A module type's signature is checked where it is declared: only an extensible type takes
   new constructors. *)
module type S = sig
  type foo
  type foo += B of float
end
