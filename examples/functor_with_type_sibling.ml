(* A functor parameter whose submodule is constrained by a sibling type of the parameter
   (`module Set : Set.S with type elt = t`): `t` is the parameter's, not the submodule's. *)
module F (M : sig
           type t
           module Set : Set.S with type elt = t
         end) =
struct
 let test set = Printf.printf "%d\n" (M.Set.cardinal set)
end
module Offset = struct
 type t = string
 module Set = Set.Make(String)
end
module M = F (Offset)
let () = M.test (Offset.Set.singleton "42")
