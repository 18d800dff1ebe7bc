(* Commentaire en Latin-1 : été, garçon, ß *)
let s = "café crème ½"
let c = 'é'
let () =
  print_endline s;
  Printf.printf "%d %d %d\n" (String.length s) (Char.code c) (Char.code s.[3]);
  print_string {|brûlé|}; print_newline ();
  (* un "commentaire" avec chaîne à échapper *)
  print_endline (String.escaped s)
