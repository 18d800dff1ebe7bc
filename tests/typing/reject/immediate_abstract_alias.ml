(* Nothing says t is immediate. *)
type t
type s = t [@@immediate]
