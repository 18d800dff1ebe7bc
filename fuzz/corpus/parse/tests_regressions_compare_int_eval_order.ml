(* ocamlopt evaluates the arguments of `compare` left to right when it specializes it to
   ints, chars, bools or unit (its `compare_ints`), right to left otherwise (strings, lists).
   egret evaluates them right to left always. Found by difftest (seed 1087, --full). *)
let f (x : 'a) : 'a = print_string "f "; x
let b x = print_string "b "; x
let () = print_int (compare (f 1) (b 2)); print_newline ()
let () = print_int (compare (f 'a') (b 'b')); print_newline ()
let () = print_int (compare (f true) (b false)); print_newline ()
let () = print_int (compare (f ()) (b ())); print_newline ()
let () = print_int (compare (f "a") (b "b")); print_newline ()
let () = print_int (compare (f [1]) (b [2])); print_newline ()
let () = print_int ((f 1) + (b 2)); print_newline ()
