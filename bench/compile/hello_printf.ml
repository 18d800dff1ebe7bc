let () = Printf.printf "hello %d\n" 42
