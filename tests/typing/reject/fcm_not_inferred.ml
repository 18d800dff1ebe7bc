(* A packed module needs its package type from an annotation or the context. *)
let m = (module struct let x = 1 end)
