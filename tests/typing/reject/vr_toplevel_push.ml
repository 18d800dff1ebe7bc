(* A weak variable is never generalised by a function that closes over it. *)
let r = ref []
let push x = r := x :: !r
let () = push 1; push "a"
