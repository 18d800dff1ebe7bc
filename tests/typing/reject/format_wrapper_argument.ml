let failwithf fmt = Printf.ksprintf failwith fmt
let () = failwithf "%s at %d" "x" "three"
