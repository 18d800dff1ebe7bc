(* Uchar.t is abstract: an int is not a Uchar.t. *)
let () = print_int (Uchar.to_int 65)
