(* The receiver of " %d %s" takes two arguments. *)
let () = Scanf.scanf " %d %s" (fun a -> print_int a)
