(* A stdlib function on the stack: List.iter calls [visit], whose frame's caller is
   List.iter's own, at its line of the installation's list.ml. *)
let total = ref 0

let visit x =
  total := !total + x;
  if x = 3 then print_endline "three"

let () =
  List.iter visit [1; 2; 3; 4];
  print_int !total;
  print_newline ()
