(* List is not labelled: ~f and ~init are not its parameters. *)
let n = List.fold_left ~f:(+) ~init:0 [1; 2]
