(* The one constructor of an unboxed type has one argument, not a tuple of two. *)
type t = D of int * string [@@unboxed]
