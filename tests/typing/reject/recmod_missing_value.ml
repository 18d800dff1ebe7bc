(* A recursive module's body must provide what its signature declares. *)
module rec A : sig val f : int -> int val g : int -> int end = struct
  let f x = x + 1
end
