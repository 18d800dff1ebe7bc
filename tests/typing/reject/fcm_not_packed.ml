(* Only a packed module can be unpacked. *)
let () = let module M = (val 3) in ()
