let () =
  Store.push 1;
  Store.push 2;
  List.iter print_int !Store.r;
  Printf.printf " %d\n" (Store.size ())
