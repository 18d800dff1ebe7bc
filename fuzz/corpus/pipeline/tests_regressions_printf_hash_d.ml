(* OCaml's %#d (and %#i, %#u) group the digits with underscores. *)
let () = Printf.printf "%#d %#i %#u %#d\n" 1234567 (-1000) 999 12
