exception Foo of int
exception Bar = Foo
module M = struct exception E end
exception F = M.E
let () = try raise (Bar 3) with Foo n -> Printf.printf "Foo %d\n" n
let () = try raise F with M.E -> print_endline "M.E"
let () = raise (Bar 1)
