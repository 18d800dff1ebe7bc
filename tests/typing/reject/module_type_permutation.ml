(* Equal module types have their values in the same order: a module of the one is used as
   one of the other as it is (OCaml's "Illegal permutation of runtime components"). *)
module M : sig
  module type S = sig val a : int val b : int end
end = struct
  module type S = sig val b : int val a : int end
end
