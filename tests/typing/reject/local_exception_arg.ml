(* A local exception's argument has its declared type. *)
let f () =
  let exception Local of int in
  raise (Local "one")
