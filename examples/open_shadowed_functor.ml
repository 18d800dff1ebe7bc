(* `open` and `include` of a structure whose name also names a functor elsewhere: a module
   of functor type cannot be opened, but a structure that shadows it can. *)
module F (X : sig end) = struct let x = 1 end
module M = struct
  module F = struct let y = 2 end
  open F
  let z = y
end
let a = let module F = struct let b = 4 end in let open F in b
let c = let module F = struct end in let open F in 5
module K = struct module F (X : sig end) = struct let k = 6 end end
open K
module E = struct end
open E
include E
module R = F (E)
let () = Printf.printf "%d %d %d %d\n" M.z a c R.k
