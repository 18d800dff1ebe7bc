(* An abbreviation that ignores its parameter is not injective. *)
type !'a t = int
