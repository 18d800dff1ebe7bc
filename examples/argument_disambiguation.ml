(* An argument is typed against the parameter the function expects, as OCaml's
   type_argument: a `function` argument's constructors are those of the expected parameter's
   type, even when a later declaration defines the same names. *)

type t = A | B
type s = A | B

let of_t (x : t) = x |> function A -> "t.A" | B -> "t.B"
let via_apply (x : t) = (fun f -> f x) (function A -> "t.A" | B -> "t.B")
let apply x f = f x
let via_function (x : t) = apply x (function A -> "t.A" | B -> "t.B")
let of_s (y : s) = y |> function A -> "s.A" | B -> "s.B"

let () =
  print_endline (of_t A);
  print_endline (via_apply B);
  print_endline (via_function A);
  print_endline (of_s B);
  print_endline ((function A -> "last: s.A" | B -> "last: s.B") A)
