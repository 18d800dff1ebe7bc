(* The variables of `let a, b = x, y` are generalised, as OCaml generalises a pattern's
   variables: each is used below at several types. *)
let fprintf, printf, list = Format.(fprintf, printf, pp_print_list)
let id x = x
let first, second = id, List.hd

let () =
  printf "%d %s@." 1 "a";
  printf "%s@." "b";
  fprintf Format.std_formatter "%a@." (list Format.pp_print_int) [1; 2];
  fprintf Format.std_formatter "%a@." (list Format.pp_print_string) ["x"; "y"];
  let a, b = first, first in
  ignore (a 1, b "s");
  Printf.printf "%d %s %d %s\n" (first 3) (first "three") (second [4]) (second ["four"])
