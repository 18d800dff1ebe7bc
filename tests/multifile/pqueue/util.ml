let greet name = Printf.printf "hello %s from %s\n" name __FILE__
let check b = assert b
