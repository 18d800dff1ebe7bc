(* A stdlib function on the stack: List.iter calls [Visit.visit], whose frame's caller is
   List.iter's own, at its line of the installation's list.ml. Line numbers matter. *)
let total = ref 0

module Visit = struct
  let visit x =
    total := !total + x;
    if x = 3 then print_endline "three"
end

let () =
  List.iter Visit.visit [1; 2; 3; 4];
  print_int !total;
  print_newline ()
