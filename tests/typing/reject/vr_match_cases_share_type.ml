(* The cases of a `match` type their patterns against one type: an annotation in one case
   fixes the variables generalised in the others. *)
let () =
  match (fun x -> x) with
  | (f : int -> int) -> ignore (f 1)
  | f -> ignore (f "s")
