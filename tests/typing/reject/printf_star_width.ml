let () = Printf.printf "%*d\n" "5" 42
