(* list.ml's own helper, which list.mli does not declare *)
let () = ignore (List.rev_init_threshold)
