(* print_endline and prerr_endline flush: a failed write raises Sys_error. *)
let () = print_endline "hello"; prerr_endline "after"
