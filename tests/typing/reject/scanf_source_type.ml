(* Scanf.sscanf reads from a string. *)
let () = Scanf.sscanf 12 "%d" print_int
