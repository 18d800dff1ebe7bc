(* Sys's primitives: the environment, files and directories, the shell. *)
let error f = try f (); print_endline "no error" with Sys_error m -> print_endline m

let () =
  (match Sys.getenv "EGRET_SURELY_UNSET_VARIABLE" with
   | _ -> print_endline "set"
   | exception Not_found -> print_endline "Not_found");
  (match Sys.getenv_opt "EGRET_SURELY_UNSET_VARIABLE" with
   | None -> print_endline "None"
   | Some _ -> print_endline "Some");
  (match Sys.getenv "PATH\000" with _ -> print_endline "set" | exception Not_found -> print_endline "Not_found");
  Printf.printf "%b\n" (Sys.getenv "PATH" <> "");
  Printf.printf "%b %b %b\n" (Sys.file_exists "/") (Sys.file_exists "/nonexistent/egret")
    (Sys.file_exists "/\000");
  Printf.printf "%b %b\n" (Sys.is_directory "/") (Sys.is_directory "/dev/null");
  error (fun () -> ignore (Sys.is_directory "/nonexistent/egret"));
  error (fun () -> ignore (Sys.is_directory "/\000x"));
  error (fun () -> Sys.remove "/nonexistent/egret");
  error (fun () -> Sys.rename "/nonexistent/a" "/nonexistent/b");
  error (fun () -> Sys.chdir "/nonexistent/egret");
  error (fun () -> Sys.rmdir "/nonexistent/egret");
  error (fun () -> ignore (Sys.readdir "/nonexistent/egret"));
  let cwd = Sys.getcwd () in
  Sys.chdir "/";
  print_endline (Sys.getcwd ());
  Sys.chdir cwd;
  Printf.printf "%b\n" (Sys.getcwd () = cwd);
  (* A directory of our own, next to the executable (so every build has its own). *)
  let exe = Sys.argv.(0) in
  let dir = (if String.contains exe '/' then exe else "/tmp/egret-sys-example") ^ ".d" in
  Sys.mkdir dir 0o755;
  Printf.printf "%b %b %d\n" (Sys.file_exists dir) (Sys.is_directory dir) (Array.length (Sys.readdir dir));
  (try Sys.mkdir dir 0o755 with Sys_error _ -> print_endline "exists");
  Sys.mkdir (dir ^ "/sub") 0o755;
  Array.iter print_endline (Sys.readdir dir);
  Sys.rename (dir ^ "/sub") (dir ^ "/renamed");
  Array.iter print_endline (Sys.readdir dir);
  (try Sys.rmdir dir with Sys_error _ -> print_endline "not empty");
  (try Sys.remove (dir ^ "/renamed") with Sys_error _ -> print_endline "a directory");
  Sys.rmdir (dir ^ "/renamed");
  Sys.rmdir dir;
  Printf.printf "%b\n" (Sys.file_exists dir);
  (* The shell. *)
  Printf.printf "%d %d %d\n" (Sys.command "true") (Sys.command "exit 3") (Sys.command "kill -9 $$");
  print_string "before the shell\n";
  flush stdout;
  Printf.printf "%d\n" (Sys.command "echo from the shell");
  (match Sys.backend_type with Sys.Native -> print_endline "native" | _ -> print_endline "other")
