(* The Unix library's processes: a pipe between fork and waitpid, exit statuses, exec in the
   child, Unix.system, an uncaught Unix_error (its printer). *)
let () =
  let r, w = Unix.pipe () in
  match Unix.fork () with
  | 0 ->
    Unix.close r;
    let msg = "from the child\n" in
    ignore (Unix.write_substring w msg 0 (String.length msg));
    Unix.close w;
    Unix._exit 3
  | pid ->
    Unix.close w;
    let ic = Unix.in_channel_of_descr r in
    print_string (input_line ic);
    print_newline ();
    close_in ic;
    let pid', status = Unix.waitpid [] pid in
    Printf.printf "same pid: %b\n" (pid = pid');
    (match status with
     | Unix.WEXITED n -> Printf.printf "exited %d\n" n
     | Unix.WSIGNALED n -> Printf.printf "signaled %d\n" n
     | Unix.WSTOPPED n -> Printf.printf "stopped %d\n" n)

let () =
  flush stdout;
  match Unix.fork () with
  | 0 -> Unix.execvp "sh" [| "sh"; "-c"; "echo exec in the child; exit 5" |]
  | pid ->
    (match Unix.waitpid [] pid with
     | _, Unix.WEXITED n -> Printf.printf "child exited %d\n" n
     | _ -> print_endline "other")

let () =
  flush stdout;
  match Unix.fork () with
  | 0 -> Unix.kill (Unix.getpid ()) Sys.sigkill
  | pid ->
    (match Unix.waitpid [] pid with
     | _, Unix.WSIGNALED n -> Printf.printf "killed by sigkill: %b\n" (n = Sys.sigkill)
     | _ -> print_endline "other")

let () =
  flush stdout;
  (match Unix.system "echo from system; exit 7" with
   | Unix.WEXITED n -> Printf.printf "system: exited %d\n" n
   | _ -> print_endline "other");
  Printf.printf "getpid > 0: %b\n" (Unix.getpid () > 0);
  (match Unix.waitpid [ Unix.WNOHANG ] (-1) with
   | _ -> print_endline "no child?"
   | exception Unix.Unix_error (Unix.ECHILD, f, _) -> Printf.printf "%s: ECHILD\n" f);
  flush stdout;
  ignore (Unix.openfile "/nonexistent/x" [ Unix.O_RDONLY ] 0)
