(* Comparisons and booleans. *)
let show b = print_string (if b then "true " else "false ")

let () =
  show (1 < 2);
  show (2 <= 2);
  show (3 > 4);
  show (5 >= 5);
  show (6 = 6);
  show (6 <> 6);
  show (not (1 = 2));
  show (1 < 2 && 2 < 3);
  show (1 > 2 || 2 > 3);
  print_newline ();
  print_int (if 10 > 3 then 1 else 0);
  print_newline ()
