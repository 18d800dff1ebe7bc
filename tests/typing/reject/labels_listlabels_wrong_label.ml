(* A label the labelled stdlib function does not have. *)
let l = ListLabels.map ~g:(fun x -> x + 1) [1; 2]
