module Up = Sorter.Make (Ordered.Int_ord)
module Down = Sorter.Make (Ordered.Rev (Ordered.Int_ord))
let () =
  print_endline (Up.show (Up.sort [3; 1; 2; 3]));
  print_endline (Down.show (Down.sort [3; 1; 2; 3]));
  Printf.printf "%d %s %s\n" !Sorter.count __MODULE__ __FILE__;
  raise (Sorter.Oops "done")
