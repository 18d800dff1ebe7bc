(* 100,000 lines through print_string: the 64 KiB buffer fills, and a failed write raises. *)
let () = for i = 1 to 100_000 do print_string (string_of_int i); print_string "\n" done
