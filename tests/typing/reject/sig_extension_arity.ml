(* An extension constructor of the signature has no argument; the module's has one. *)
type t = ..
module M : sig type t += E | F end = struct type t += E | F of int end
