(* Output that fits the buffers: written at exit, where a failed write is ignored. *)
let () = print_string "hello\n"; prerr_string "to stderr\n"
