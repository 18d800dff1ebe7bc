(* An inline record on one side only. *)
type t = ..
module M : sig
  type t += E of { x : int }
end = struct
  type t += E of int
end
