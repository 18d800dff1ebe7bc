(* Files written and read back without stdin (also run by the interpreters). *)
let () =
  let name = Sys.argv.(0) ^ ".io_files.tmp" in
  let oc = open_out name in
  for i = 1 to 3 do Printf.fprintf oc "line %d\n" i done;
  output_string oc "tail";
  close_out oc;
  let ic = open_in name in
  let rec loop n =
    match input_line ic with
    | l -> Printf.printf "%d: %s\n" n l; loop (n + 1)
    | exception End_of_file -> n
  in
  Printf.printf "%d lines\n" (loop 0);
  close_in ic;
  Sys.remove name;
  print_string "no input: ";
  (match read_line () with
   | l -> print_endline l
   | exception End_of_file -> print_endline "End_of_file")
