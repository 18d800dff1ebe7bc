(* `lazy b` of a name is compiled as b's value itself: not delayed. *)
let rec a = lazy b and b = 3
