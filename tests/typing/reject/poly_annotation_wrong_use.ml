(* The scheme is used as annotated: a string is not an int list. *)
let rec len : 'a. 'a list -> int = function [] -> 0 | _ :: t -> 1 + len t
let () = print_int (len "abc")
