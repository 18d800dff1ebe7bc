(* The Unix library: files through descriptors, stat of a file the program writes, directory
   listing, Unix_error's constructor and error_message, gmtime of a fixed time. *)
(* Unique names (the tests run builds of this example at once): none is printed. *)
let file = Filename.temp_file "egret_unix_files" ".txt"
let dir = file ^ ".d"

let () =
  ignore (Unix.umask 0o022);
  let fd = Unix.openfile file [ Unix.O_WRONLY; Unix.O_CREAT; Unix.O_TRUNC ] 0o644 in
  let n = Unix.write_substring fd "hello, unix\n" 0 12 in
  Printf.printf "wrote %d bytes\n" n;
  Unix.close fd;
  let st = Unix.stat file in
  Printf.printf "size %d, regular %b, perm %o\n" st.Unix.st_size
    (st.Unix.st_kind = Unix.S_REG) st.Unix.st_perm;
  Printf.printf "mtime > 0: %b\n" (st.Unix.st_mtime > 0.);
  let fd = Unix.openfile file [ Unix.O_RDONLY ] 0 in
  let buf = Bytes.create 64 in
  let r = Unix.read fd buf 0 64 in
  Printf.printf "read %d: %S\n" r (Bytes.sub_string buf 0 r);
  Printf.printf "lseek end: %d\n" (Unix.lseek fd 0 Unix.SEEK_END);
  Unix.close fd;
  (match Unix.stat "no/such/file" with
   | _ -> print_endline "stat succeeded?"
   | exception Unix.Unix_error (e, f, a) ->
     Printf.printf "%s %s: %s (ENOENT %b)\n" f a (Unix.error_message e) (e = Unix.ENOENT));
  let dup = Unix.dup Unix.stdout in
  Unix.close dup;
  (try Unix.close dup
   with Unix.Unix_error (Unix.EBADF, f, a) -> Printf.printf "EBADF from %s %S\n" f a);
  print_endline (Unix.error_message Unix.EACCES);
  print_endline (Unix.error_message (Unix.EUNKNOWNERR 2));
  print_endline (Printexc.to_string (Unix.Unix_error (Unix.EEXIST, "mkdir", "d")));
  print_endline (Printexc.to_string (Unix.Unix_error (Unix.EUNKNOWNERR 99, "f", "")));
  Unix.mkdir dir 0o755;
  (try Unix.mkdir dir 0o755
   with Unix.Unix_error (e, f, a) ->
     Printf.printf "%s (on the directory: %b): %s\n" f (a = dir) (Unix.error_message e));
  List.iter (fun n -> close_out (open_out (Filename.concat dir n))) [ "b"; "a"; "c" ];
  let d = Unix.opendir dir in
  let rec names acc = match Unix.readdir d with
    | n -> names (n :: acc)
    | exception End_of_file -> acc in
  let all = List.sort compare (names []) in
  Unix.closedir d;
  print_endline (String.concat " " all);
  List.iter (fun n -> Unix.unlink (Filename.concat dir n)) [ "a"; "b"; "c" ];
  Unix.rmdir dir;
  Unix.unlink file;
  Printf.printf "exists after unlink: %b\n" (Sys.file_exists file);
  let tm = Unix.gmtime 1_000_000_000. in
  Printf.printf "%04d-%02d-%02d %02d:%02d:%02d wday %d yday %d dst %b\n" (tm.Unix.tm_year + 1900)
    (tm.Unix.tm_mon + 1) tm.Unix.tm_mday tm.Unix.tm_hour tm.Unix.tm_min tm.Unix.tm_sec
    tm.Unix.tm_wday tm.Unix.tm_yday tm.Unix.tm_isdst;
  Printf.printf "time > 0: %b, gettimeofday > 1e9: %b\n" (Unix.time () > 0.)
    (Unix.gettimeofday () > 1e9);
  let t = Unix.times () in
  Printf.printf "utime >= 0: %b\n" (t.Unix.tms_utime >= 0.);
  Unix.sleepf 0.01;
  Printf.printf "getenv HOME = Sys.getenv: %b\n" (Unix.getenv "PATH" = Sys.getenv "PATH");
  Printf.printf "environment has PATH: %b\n"
    (Array.exists (fun s -> String.length s > 5 && String.sub s 0 5 = "PATH=") (Unix.environment ()));
  Unix.putenv "EGRET_UNIX_TEST" "42";
  print_endline (Sys.getenv "EGRET_UNIX_TEST")
