(* A tuple with an expansive component is expansive as a whole: the variable of `id`, which
   occurs contravariantly, is not generalised though `id`'s own component is a function. *)
let id, n = (fun x -> x), ref 0
let () = ignore (id 1, id "s"); n := 3
