(* open_out_gen / open_in_gen (Stdlib.open_flag), Filename.temp_file and open_temp_file,
   seek_in. *)
let after name m = String.sub m (String.length name) (String.length m - String.length name)

let () =
  let name = Filename.temp_file "egret" ".txt" in
  Printf.printf "%b %b %b %b\n" (Sys.file_exists name) (Filename.check_suffix name ".txt")
    (String.length (Filename.basename name) = String.length "egret" + 6 + 4)
    (Filename.dirname name = Filename.get_temp_dir_name ());
  let oc = open_out_gen [Open_wronly; Open_append] 0o600 name in
  output_string oc "one\n";
  close_out oc;
  let oc = open_out_gen [Open_wronly; Open_append; Open_text] 0o600 name in
  output_string oc "two\n";
  close_out oc;
  let ic = open_in_gen [Open_rdonly] 0 name in
  let a = input_line ic in
  let b = input_line ic in
  Printf.printf "%s %s %d\n" a b (in_channel_length ic);
  seek_in ic 5;
  Printf.printf "after seek: %c\n" (input_char ic);
  seek_in ic 0;
  print_endline (input_line ic);
  close_in ic;
  (try ignore (open_out_gen [Open_wronly; Open_creat; Open_excl] 0o600 name)
   with Sys_error m -> Printf.printf "Sys_error NAME%s\n" (after name m));
  let oc = open_out_gen [Open_wronly; Open_trunc] 0 name in
  output_string oc "x";
  close_out oc;
  let ic = open_in_bin name in
  Printf.printf "truncated: %d\n" (in_channel_length ic);
  close_in ic;
  let name2, oc = Filename.open_temp_file ~mode:[Open_binary] "x" ".bin" in
  output_string oc "abc";
  close_out oc;
  let ic = open_in name2 in
  Printf.printf "%d %b\n" (in_channel_length ic) (name2 <> name);
  close_in ic;
  Sys.remove name;
  Sys.remove name2;
  (try ignore (open_in_gen [Open_rdonly] 0 name)
   with Sys_error m -> Printf.printf "Sys_error NAME%s\n" (after name m));
  let dir = Filename.concat (Filename.get_temp_dir_name ()) "no-such-dir-egret" in
  match Filename.temp_file ~temp_dir:dir "a" "b" with
  | _ -> print_endline "created"
  | exception Sys_error _ -> print_endline "Sys_error after 1000 tries"
