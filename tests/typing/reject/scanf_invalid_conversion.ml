(* %y is no conversion: OCaml rejects the format when typing it. *)
let () = Scanf.sscanf "1" "%y" (fun _ -> ())
