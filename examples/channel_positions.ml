(* Channel positions and binary I/O: pos_in/seek_in (inside and outside the buffer),
   pos_out/seek_out (which flushes), out_channel_length (flushed bytes only),
   output_byte/output_binary_int/input_binary_int, open_in_gen/open_out_gen with flags,
   LargeFile, Filename.temp_file/open_temp_file, and the Sys_error texts. *)
let name = "channel_positions.tmp"

let show_exn f = try f () with
  | Sys_error m -> Printf.printf "Sys_error %S\n" m
  | End_of_file -> print_endline "End_of_file"
  | Failure m -> Printf.printf "Failure %S\n" m

let () =
  let oc = open_out_bin name in
  Printf.printf "pos_out=%d len=%d\n" (pos_out oc) (out_channel_length oc);
  output_string oc "0123456789";
  output_byte oc 65;
  output_byte oc (-190);
  Printf.printf "pos_out=%d len=%d\n" (pos_out oc) (out_channel_length oc);
  flush oc;
  Printf.printf "after flush len=%d\n" (out_channel_length oc);
  output_binary_int oc 0x01020304;
  output_binary_int oc (-2);
  output_binary_int oc 0x1_8000_0001;
  Printf.printf "pos_out=%d len=%d\n" (pos_out oc) (out_channel_length oc);
  seek_out oc 2;
  Printf.printf "after seek pos_out=%d len=%d\n" (pos_out oc) (out_channel_length oc);
  output_string oc "ab";
  Printf.printf "pos_out=%d\n" (pos_out oc);
  close_out oc;
  let ic = open_in_bin name in
  Printf.printf "len=%d pos_in=%d\n" (in_channel_length ic) (pos_in ic);
  let s = really_input_string ic 12 in
  Printf.printf "%S pos_in=%d\n" s (pos_in ic);
  let a = input_binary_int ic in
  let b = input_binary_int ic in
  let c = input_binary_int ic in
  Printf.printf "%d %d %d pos_in=%d\n" a b c (pos_in ic);
  show_exn (fun () -> ignore (input_binary_int ic));
  seek_in ic 4;
  Printf.printf "char=%c pos_in=%d\n" (input_char ic) (pos_in ic);
  seek_in ic 100;
  Printf.printf "pos_in=%d\n" (pos_in ic);
  show_exn (fun () -> ignore (input_char ic));
  seek_in ic 0;
  Printf.printf "line=%S pos_in=%d\n" (String.sub (input_line ic) 0 4) (pos_in ic);
  show_exn (fun () -> seek_in ic (-1));
  close_in ic;
  (* LargeFile *)
  let ic = open_in name in
  LargeFile.seek_in ic 3L;
  Printf.printf "large: %Ld %Ld %c\n" (LargeFile.pos_in ic) (LargeFile.in_channel_length ic)
    (input_char ic);
  close_in ic;
  (* open_out_gen: append, exclusive creation *)
  let oc = open_out_gen [Open_wronly; Open_append] 0o644 name in
  output_string oc "END";
  close_out oc;
  let ic = open_in name in
  let n = in_channel_length ic in
  seek_in ic (n - 5);
  Printf.printf "tail=%S\n" (really_input_string ic 5);
  close_in ic;
  show_exn (fun () -> ignore (open_out_gen [Open_wronly; Open_creat; Open_excl] 0o600 name));
  show_exn (fun () -> ignore (open_in_gen [Open_rdonly] 0 "no/such/file"));
  let oc = open_out_gen [Open_wronly; Open_trunc; Open_binary] 0 name in
  Printf.printf "truncated len=%d\n" (out_channel_length oc);
  set_binary_mode_out oc false;
  output_string oc "x";
  close_out oc;
  let ic = open_in_gen [Open_rdonly; Open_text] 0 name in
  set_binary_mode_in ic true;
  Printf.printf "content=%S\n" (input_line ic);
  close_in ic;
  (* an out channel read, an in channel written *)
  let ic = open_in_gen [Open_wronly] 0 name in
  show_exn (fun () -> ignore (input_char ic));
  Sys.remove name;
  (* temporary files *)
  let t = Filename.temp_file ~temp_dir:"." "egret" ".tmp" in
  Printf.printf "temp: %b %b %b\n" (Sys.file_exists t)
    (Filename.check_suffix t ".tmp")
    (String.length (Filename.basename t) = String.length "egret" + 6 + 4);
  Sys.remove t;
  let t, oc = Filename.open_temp_file ~temp_dir:"." "egret" "" in
  output_string oc "temp";
  close_out oc;
  let ic = open_in t in
  Printf.printf "temp content=%S\n" (input_line ic);
  close_in ic;
  Sys.remove t;
  Printf.printf "%b\n" (Filename.get_temp_dir_name () = Filename.temp_dir_name);
  Printf.printf "stdout pos %b\n" (pos_out stdout >= 0 || pos_out stdout >= -1)
