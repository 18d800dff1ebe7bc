(* A character set must be closed. *)
let () = Scanf.sscanf "abc" "%[a-z" print_string
