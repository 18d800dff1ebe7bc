(* Printf's functions after `open Printf`, `let open Printf in` and `Printf.(..)`. *)
open Printf

let () =
  printf "%d-%s\n" 1 "one";
  let s = sprintf "[%5d|%-3s]" 42 "ab" in
  print_endline s;
  eprintf "to stderr %c\n" 'x';
  fprintf stdout "%b %x\n%!" true 255

let show n = sprintf "<%d>" n

let () =
  print_endline (String.concat " " (List.map show [ 1; 2; 3 ]));
  let module_local () = Printf.(sprintf "%s/%s" "a" "b") in
  print_endline (module_local ());
  let open Printf in
  printf "%s\n" "let open"

(* a program's own printf shadows Printf's *)
let printf s = print_endline ("mine: " ^ s)
let () = printf "plain"
