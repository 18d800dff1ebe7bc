(* A Scan_failure nobody catches: ocamlopt's runtime prints it and exits with code 2. *)
let () =
  let a, b = Scanf.sscanf "10 20" "%d %d" (fun a b -> (a, b)) in
  print_int (a + b);
  print_newline ();
  Scanf.sscanf "12 apples" "%d %d" (fun x y -> print_int (x + y))
