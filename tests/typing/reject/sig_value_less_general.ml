(* A value declared at int -> int cannot be used at another type. *)
module Id : sig val id : int -> int end = struct let id x = x end
let s = Id.id "no"
