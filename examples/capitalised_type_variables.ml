(* Type variables may be capitalised: 'A, 'Elt (OCaml's `ident` after the quote). *)
type 'A t = 'A list
type ('Key, 'v) assoc = ('Key * 'v) list
let f (x : 'Elt) : 'Elt list = [x]
let g : 'A. 'A -> 'A t = fun x -> [x; x]
let lookup (k : 'K) (l : ('K, 'V) assoc) : 'V option = List.assoc_opt k l
let () =
  print_int (List.length (f 3 : int t));
  print_int (List.length (g 'c'));
  print_endline (match lookup 2 [ (1, "a"); (2, "b") ] with Some s -> s | None -> "-");
  print_char 'A'; print_newline ()
