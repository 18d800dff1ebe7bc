(* Sys is the installation's sys.ml: the configuration from caml_sys_get_config and the
   %-constants, Sys.argv one array (an update is seen by every later use), the runtime's
   parameters in OCAMLRUNPARAM's syntax, the runtime-warnings flag. *)
let params () =
  (* Without b=, which OCAMLRUNPARAM=b would change. *)
  String.split_on_char ',' (Sys.runtime_parameters ())
  |> List.filter (fun p -> String.length p < 2 || String.sub p 0 2 <> "b=")
  |> String.concat ","

let () =
  Printf.printf "%d %d %b %s %s\n" Sys.word_size Sys.int_size Sys.big_endian Sys.os_type
    Sys.ocaml_version;
  Printf.printf "%d %d %d\n" Sys.max_array_length Sys.max_string_length
    Sys.max_floatarray_length;
  Printf.printf "%b %b %b %b\n" Sys.unix Sys.win32 Sys.cygwin (Sys.backend_type = Sys.Native);
  Printf.printf "argc %d\n" (Array.length Sys.argv);
  Sys.argv.(0) <- "changed";
  print_endline Sys.argv.(0);
  let a = Sys.argv in
  a.(0) <- "again";
  print_endline Sys.argv.(0);
  Printf.printf "%b\n" (a == Sys.argv);
  Printf.printf "[%s]\n" (Sys.runtime_variant ());
  print_endline (params ());
  Printf.printf "%b\n" (Sys.runtime_warnings_enabled ());
  Sys.enable_runtime_warnings true;
  Printf.printf "%b\n" (Sys.runtime_warnings_enabled ());
  print_endline (params ());
  ignore (Parsing.set_trace true);
  print_endline (params ());
  ignore (Parsing.set_trace false);
  Gc.set { (Gc.get ()) with Gc.space_overhead = 90; Gc.window_size = 3 };
  print_endline (params ());
  Printf.printf "%d\n" (Sys.opaque_identity 42);
  (match Sys.backend_type with
   | Sys.Native -> print_endline "native"
   | Sys.Bytecode -> print_endline "bytecode"
   | Sys.Other s -> print_endline s);
  let get = Sys.getenv_opt in
  Printf.printf "%b\n" (get "EGRET_SURELY_UNSET_VARIABLE" = None);
  Printf.printf "%b %b\n" (Sys.file_exists "/nonexistent") !Sys.interactive
