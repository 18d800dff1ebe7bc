let g () = let r = ref None in (fun x -> r := Some x)
let h = g ()
let () = h 1; h "a"
