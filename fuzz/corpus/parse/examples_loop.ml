(* A loop written as a self tail call: 100 million iterations in constant stack. *)
let rec loop i acc = if i = 0 then acc else loop (i - 1) ((acc + i) land 0xFFFFFF)

let () =
  print_int (loop 100_000_000 0);
  print_newline ()
