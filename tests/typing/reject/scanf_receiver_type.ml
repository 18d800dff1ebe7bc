(* %d reads an int: the receiver cannot take a string. *)
let () = Scanf.sscanf "1" "%d" (fun s -> print_string s)
