(* An extensible type re-exported must be extensible: int is not (OCaml: "Their kinds
   differ"). *)
type t = int = ..
