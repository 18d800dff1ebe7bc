(* An existential type may not leave its constructor's pattern. *)
type ex = Ex : 'a * ('a -> string) -> ex
let unpack (Ex (v, _)) = v
