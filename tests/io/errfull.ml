(* A failing stdout, and stderr flushed before the uncaught exception. *)
let () = print_string "out\n"; prerr_endline "err"; print_endline "out2"
