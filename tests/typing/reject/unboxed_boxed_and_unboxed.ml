(* Both representation attributes at once. *)
type t = A of int [@@unboxed] [@@boxed]
