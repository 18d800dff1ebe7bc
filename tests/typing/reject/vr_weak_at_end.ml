let r = ref []
let () = print_endline "never fixed"
