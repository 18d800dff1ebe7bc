(* A functor of three parameters is not a functor of two whose result is a structure. *)
module type empty = sig end
module Empty = struct end
module F : functor (X : empty) (Y : empty) -> empty =
  functor (X : empty) (Y : empty) (Z : empty) -> Empty
