(* Reading stdin (io_stdin.stdin): read_line, read_int, input_line, input_char, End_of_file
   on a last line without a newline; files written with open_out and read back. *)
let () =
  print_string "name? ";
  let name = read_line () in
  Printf.printf "hello %s\n" name;
  let n = read_int () in
  Printf.printf "n+1 = %d\n" (n + 1);
  print_string "unflushed prompt ";
  let c = input_char stdin in
  Printf.printf "char %C\n" c;
  let rest = input_line stdin in
  Printf.printf "rest %S\n" rest;
  let b = Bytes.create 4 in
  really_input stdin b 0 4;
  Printf.printf "four %S\n" (Bytes.to_string b);
  let rec lines acc =
    match input_line stdin with
    | l -> lines (l :: acc)
    | exception End_of_file -> List.rev acc
  in
  List.iter (Printf.printf "line %S\n") (lines []);
  (match input_char stdin with
   | _ -> print_endline "more?"
   | exception End_of_file -> print_endline "eof")

let () =
  let name = Sys.argv.(0) ^ ".tmp" in
  let oc = open_out name in
  output_string oc "first\n";
  Printf.fprintf oc "%d-%s\n" 42 "x";
  output_char oc 'z';
  close_out oc;
  let ic = open_in name in
  Printf.printf "length %d\n" (in_channel_length ic);
  let l1 = input_line ic in
  let l2 = input_line ic in
  let l3 = input_line ic in
  Printf.printf "%S %S %S\n" l1 l2 l3;
  (try ignore (input_line ic) with End_of_file -> print_endline "End_of_file");
  close_in ic;
  let ic = open_in_bin name in
  Printf.printf "%S\n" (really_input_string ic 8);
  Printf.printf "byte %d\n" (input_byte ic);
  let buf = Bytes.make 10 '.' in
  let k = input ic buf 2 5 in
  Printf.printf "input %d %S\n" k (Bytes.to_string buf);
  (try really_input ic buf 0 10 with End_of_file -> print_endline "really_input: End_of_file");
  close_in ic;
  Sys.remove name;
  (try ignore (open_in "/nonexistent/file.txt") with Sys_error m -> print_endline m);
  let oc = open_out_bin name in
  output_string oc "unclosed, flushed at exit\n";
  at_exit (fun () ->
      (* The exit functions run before flush_all: the file is still empty. *)
      let ic = open_in name in
      (try print_endline (input_line ic) with End_of_file -> print_endline "empty");
      close_in ic;
      Sys.remove name)
