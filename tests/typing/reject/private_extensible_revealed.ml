(* A signature cannot make a private extensible type public. *)
module M = struct type foo = private .. end
module type S = sig type foo = .. end
module M_S = (M : S)
