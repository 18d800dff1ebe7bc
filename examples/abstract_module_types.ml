(* Abstract module types: a module of one matches a parameter of the same one, through an
   alias of the module type, and after the functor is applied to a concrete argument. *)
module F (Ctx : sig
  module type t
  module type u
  module X : t
  module Y : u
  val name : string
end) = struct
  open Ctx
  module G (A : t) (B : u) = struct
    let describe () = "G applied in " ^ name
  end
  module M = G (X) (Y)
  module type tt = t
  module Z : tt = X
  let run () = print_endline (M.describe ())
end

module type a
module N : sig module H : functor (X : a) (Y : a) -> sig val k : int end end = struct
  module type aa = a
  module H (X : aa) (Y : a) = struct let k = 42 end
end

module R = F (struct
  module type t = sig val v : int end
  module type u = sig end
  module X = struct let v = 1 end
  module Y = struct end
  let name = "R"
end)

let () =
  R.run ();
  Printf.printf "%d\n" (let module K = struct let k = 7 end in K.k)
