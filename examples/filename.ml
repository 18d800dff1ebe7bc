(* The Filename module (Unix). *)
let show f = Printf.printf "%S -> base %S dir %S ext %S rm %S\n" f (Filename.basename f)
    (Filename.dirname f) (Filename.extension f) (Filename.remove_extension f)

let () =
  List.iter show
    [ ""; "foo"; "foo.txt"; "a/b/c.tar.gz"; "/"; "//"; "/usr/lib/"; ".bashrc"; "dir/.hidden";
      "a.b/c"; "foo..txt"; "."; ".."; "x/y//" ];
  print_endline (Filename.concat "a" "b");
  print_endline (Filename.concat "a/" "b");
  print_endline (Filename.concat "" "b");
  Printf.printf "%b %b %b\n" (Filename.check_suffix "x.ml" ".ml") (Filename.check_suffix "ml" ".ml")
    (Filename.check_suffix "x.ml" "");
  print_endline (Filename.chop_suffix "main.ml" ".ml");
  print_endline (Filename.chop_extension "archive.tar.gz");
  (try ignore (Filename.chop_extension "README") with Invalid_argument s -> print_endline s);
  (try ignore (Filename.chop_suffix "a" "long") with Invalid_argument s -> print_endline s);
  Printf.printf "%b %b %b %b\n" (Filename.is_relative "a/b") (Filename.is_relative "/a")
    (Filename.is_implicit "./a") (Filename.is_implicit "a/b");
  print_endline (Filename.quote "it's here");
  Printf.printf "%s %s %s %s\n" Filename.current_dir_name Filename.parent_dir_name
    Filename.dir_sep Filename.null
