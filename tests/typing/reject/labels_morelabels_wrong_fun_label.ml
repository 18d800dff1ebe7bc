(* MoreLabels.Hashtbl.fold passes ~key and ~data: a function labelled ~value is not one. *)
let f = MoreLabels.Hashtbl.fold ~f:(fun ~key ~value acc -> acc)
