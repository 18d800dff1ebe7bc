(* An uncaught user exception is printed with its module path: OCaml prints
   "Fatal error: exception Exn_qualified_name.E(3)", egret "E(3)" (and "Stdlib.Exit" for Exit). *)
exception E of int
let () = print_string "before"; raise (E 3)
