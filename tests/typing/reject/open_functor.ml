(* `open` of a functor: a module of functor type is not a structure (OCaml's
   Structure_expected), here a partial application of a two-parameter functor. *)
module M = struct
  module M (F : sig end) (X : sig end) = struct let x = 1 end
  open M (struct end)
end
