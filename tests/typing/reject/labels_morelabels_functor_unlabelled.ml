(* MoreLabels.Map.Make builds the labelled S: add wants ~key and ~data. *)
module M = MoreLabels.Map.Make (String)
let m = M.add "a" M.empty
