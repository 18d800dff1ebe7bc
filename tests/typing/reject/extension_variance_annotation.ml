(* An extension cannot declare a variance its extensible type does not have. *)
type 'a bar = ..
type +'a bar += D of (int -> 'a)
