(* A constructor's argument is typed against the argument's type: with `[]` and `::`
   redefined, `List [1; 2; 3]` is still the list of `int list` (OCaml's testsuite
   basic/patmatch); the same for another type's constructors. *)
type _ cell =
  | Int : int -> int cell
  | List : int list -> int list cell

type hlist =
  | [] : hlist
  | ( :: ) : 'a cell * hlist -> hlist

let rec length : hlist -> int = function [] -> 0 | _ :: tl -> 1 + length tl

type a = A | B
type b = A | C
type wrap = Wrap of a * b

let l = List [1; 2; 3]
let ll = [Int 3; l]
let w = Wrap (A, A)

let () =
  (match l with List xs -> Stdlib.List.iter print_int xs);
  print_newline ();
  print_int (length ll);
  (match w with Wrap (A, A) -> print_string " A A" | _ -> print_string " other");
  print_newline ()
