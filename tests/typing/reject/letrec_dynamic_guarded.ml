(* A `match` has no size known before it is evaluated: it may not use the group at all,
   even as a field of a block it builds. *)
type t = C of t option
let rec x = match Sys.opaque_identity 0 with 0 -> C (Some x) | _ -> C None
