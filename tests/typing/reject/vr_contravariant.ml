(* 'a is under an arrow's argument: not generalised even by the relaxed restriction. *)
let f = List.map (fun x -> x)
let () = ignore (f [1]); ignore (f ["a"])
