(* The interface fixes the weak type of r; hidden's stays weak, hidden by the interface: OCaml
   checks a unit with an .mli against it, not for weak variables. *)
val r : int list ref
val push : int -> unit
val size : unit -> int
