let fmt = "%d\n"
let () = Printf.printf fmt 3
