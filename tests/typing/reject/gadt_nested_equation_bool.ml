(* From OCaml's testsuite, typing-gadts/nested_equations.ml: a ground index gets no equation. *)
type _ t = Int : int t
let w_bool : bool t = Obj.magic 0
let f_bool (x : bool) : int = let Int = w_bool in x
