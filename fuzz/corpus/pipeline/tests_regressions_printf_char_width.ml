(* OCaml's Printf ignores the width and flags of %c; egret pads it. *)
let () = Printf.printf "[%3c][%-3c]\n" 'a' 'b'
