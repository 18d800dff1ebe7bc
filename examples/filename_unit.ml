(* Filename is the installation's filename.ml: quote_command (missing from egret's own
   Filename before), temp_file and open_temp_file through caml_sys_open/caml_sys_close, the
   temporary directory, and the path functions at their edge cases. *)
let show s = Printf.printf "[%s]\n" s

let () =
  List.iter show
    [ Filename.concat "a" "b"; Filename.concat "a/" "b"; Filename.concat "" "b";
      Filename.basename "/a/b//"; Filename.basename ""; Filename.basename "///";
      Filename.dirname "/a/b//"; Filename.dirname "a"; Filename.dirname "//a//b";
      Filename.extension "a.b/c"; Filename.extension "x.tar.gz"; Filename.extension ".bashrc";
      Filename.remove_extension "x.tar.gz"; Filename.remove_extension "/a.b/c";
      Filename.chop_suffix "foo.ml" ".ml"; Filename.quote "it's"; Filename.null;
      Filename.current_dir_name; Filename.parent_dir_name; Filename.dir_sep ];
  Printf.printf "%b %b %b %b\n" (Filename.check_suffix "a.ml" ".ml")
    (Filename.check_suffix "a.ml" ".mli") (Filename.is_relative "a/b")
    (Filename.is_implicit "./a");
  Printf.printf "%b %b\n" (Filename.is_implicit "../a") (Filename.is_implicit "a/b");
  (match Filename.chop_suffix_opt ~suffix:".ml" "a.ml" with
   | Some s -> show s
   | None -> print_endline "none");
  (match Filename.chop_suffix_opt ~suffix:".mli" "a.ml" with
   | Some s -> show s
   | None -> print_endline "none");
  (try ignore (Filename.chop_extension "abc") with Invalid_argument m -> print_endline m);
  show (Filename.quote_command "cmd" [ "a b"; "c'd" ]);
  show (Filename.quote_command "cmd" ~stdin:"in" ~stdout:"out file" ~stderr:"out file" [ "x" ]);
  show (Filename.quote_command "cmd" ~stdout:"o" ~stderr:"e" []);
  Filename.set_temp_dir_name "/tmp";
  show (Filename.get_temp_dir_name ());
  let f = Filename.temp_file "egret" ".txt" in
  Printf.printf "%b %b %b\n" (Sys.file_exists f)
    (Filename.check_suffix f ".txt")
    (Filename.dirname f = "/tmp");
  let g = Filename.temp_file ~temp_dir:"/tmp" "egret" "" in
  Printf.printf "%b\n" (f <> g);
  Sys.remove f;
  Sys.remove g;
  let name, oc = Filename.open_temp_file "egret" ".data" in
  output_string oc "hello\n";
  close_out oc;
  let ic = open_in name in
  print_endline (input_line ic);
  close_in ic;
  Sys.remove name;
  (try ignore (Filename.temp_file ~temp_dir:"/nonexistent/dir" "x" "")
   with Sys_error m ->
     (* The name is random: only its end, strerror's text. *)
     let tail = ": No such file or directory" in
     let n = String.length m and k = String.length tail in
     Printf.printf "%b\n" (n > k && String.sub m (n - k) k = tail))
