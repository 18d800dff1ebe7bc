(* A match whose wildcard row is not exhaustive by itself still closes the row: [< `A ] * bool. *)
let f = function (`A, true) -> 1 | (_, false) -> 2
let () = print_int (f (`B, false))
