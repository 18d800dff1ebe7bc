(* Printf/Format's k-functions partially applied at top level: the format's type parameters
   are OCaml's (format4: the 3rd and 4th are fixed), so the weak variables left are fixed by
   the uses that follow. *)
let verbose = ref true
let dprintf = Format.kasprintf (fun s -> if !verbose then print_string s)
let fail = Printf.ksprintf failwith
let log = Printf.kfprintf (fun oc -> output_string oc "|\n") stdout
let buf = Buffer.create 16
let add = Printf.kbprintf (fun b -> Buffer.add_char b ';') buf
let fmt_to_string = Format.ksprintf (fun s -> "<" ^ s ^ ">")
let delayed = Format.kdprintf (fun k -> Format.printf "[%t]@." k)
let () =
  dprintf "n=%d@." 3;
  dprintf "n=%d@." 4;
  (try fail "bad %s %d" "value" 7 with Failure m -> print_endline m);
  log "%s=%b" "flag" true;
  log "%s=%b" "other" false;
  add "%d" 1;
  add "%d" 2;
  print_endline (Buffer.contents buf);
  print_endline (fmt_to_string "%s/%s" "a" "b");
  print_endline (fmt_to_string "%s/%s" "c" "d");
  delayed "x=%d" 5;
  delayed "x=%d" 6;
  let p = Format.dprintf "%s and %d" "late" 9 in
  Format.printf "before: %t@." p
