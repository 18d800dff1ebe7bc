(* OCaml prints "Fatal error: exception Stdlib.Exit"; egret prints "Exit". *)
let () = raise Exit
