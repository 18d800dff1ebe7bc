(* A structure sealed by `type t = private ..`: matched outside, extended only inside. *)
module Log : sig
  type entry = private ..
  type entry += Info of string
end = struct
  type entry = ..
  type entry += Info of string
end
type Log.entry += Debug of string
