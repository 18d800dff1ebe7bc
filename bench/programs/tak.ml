(* Takeuchi's function: deep recursion with three arguments. *)
let rec tak x y z = if y < x then tak (tak (x - 1) y z) (tak (y - 1) z x) (tak (z - 1) x y) else z

let () =
  print_int (tak 18 12 6);
  print_newline ();
  let s = ref 0 in
  for i = 1 to 20 do
    s := !s + tak (24 + (i mod 2)) 16 8
  done;
  print_int !s;
  print_newline ()
