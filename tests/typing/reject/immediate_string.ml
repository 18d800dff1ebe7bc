(* string values are pointers. *)
type t = string [@@immediate]
