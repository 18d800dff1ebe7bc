(* Sizes over OCaml's limits (Sys.max_array_length = 18014398509481983, Sys.max_string_length =
   144115188075855863) raise Invalid_argument with OCaml's text; sizes within them that no heap can
   hold raise Out_of_memory. *)
let try_ name f = try ignore (f ()); print_endline (name ^ ": ok") with
  | Invalid_argument s -> Printf.printf "%s: Invalid_argument(%S)\n" name s
  | Out_of_memory -> Printf.printf "%s: Out_of_memory\n" name
let () =

  try_ "Array.make max+1" (fun () -> Array.make (18014398509481983 + 1) 0);
  try_ "Array.make -1" (fun () -> Array.make (-1) 0);
  try_ "Array.make min_int" (fun () -> Array.make min_int 0);
  try_ "Bytes.create max+1" (fun () -> Bytes.create (144115188075855863 + 1));
  try_ "Bytes.create -1" (fun () -> Bytes.create (-1));
  try_ "String.make max+1" (fun () -> String.make (144115188075855863 + 1) 'a');
  try_ "String.make -1" (fun () -> String.make (-1) 'a');
  try_ "Bytes.make max+1" (fun () -> Bytes.make (144115188075855863 + 1) 'a');
  try_ "Array.init -1" (fun () -> Array.init (-1) (fun i -> i));
  try_ "Array.init max+1" (fun () -> Array.init (18014398509481983 + 1) (fun i -> i));
  try_ "Array.make_matrix -1" (fun () -> Array.make_matrix (-1) 1 0);
  try_ "String.init -1" (fun () -> String.init (-1) (fun _ -> 'a'));
  try_ "Array.make huge" (fun () -> Array.make (1 lsl 50) 0);
  try_ "Bytes.create huge" (fun () -> Bytes.create (1 lsl 53));
  try_ "Array.make max" (fun () -> Array.make 18014398509481983 0);
  try_ "Bytes.create max" (fun () -> Bytes.create 144115188075855863);
  print_endline "end"
