(* Mutual recursion with let rec ... and. *)
let rec is_even n = if n = 0 then true else is_odd (n - 1)
and is_odd n = if n = 0 then false else is_even (n - 1)

let show b = if b then print_string "true" else print_string "false"

let rec hofstadter_f n = if n = 0 then 1 else n - hofstadter_m (hofstadter_f (n - 1))
and hofstadter_m n = if n = 0 then 0 else n - hofstadter_f (hofstadter_m (n - 1))

let () =
  show (is_even 10);
  print_newline ();
  show (is_odd 7777777);
  print_newline ();
  let rec loop i =
    if i <= 15 then begin
      print_int (hofstadter_f i);
      print_string " ";
      loop (i + 1)
    end
  in
  loop 0;
  print_newline ()
