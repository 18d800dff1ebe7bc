(* The variables bound by matching an expansive scrutinee are not generalised where they
   occur contravariantly. *)
let () =
  match ((fun x -> x), ref []) with
  | (f, r) -> ignore (f 1, f "s"); r := [1]
