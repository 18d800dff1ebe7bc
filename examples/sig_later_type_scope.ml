(* In a signature, a type declared later is not yet in scope: `type obj_t = t` before the
   submodule's own `type t` is the enclosing signature's `t` (as obj.mli's Obj.Ephemeron). *)
module O : sig
  type t
  val make : int -> t
  module E : sig
    type obj_t = t
    type t
    val f : obj_t -> t
    val show : t -> string
  end
end = struct
  type t = int
  let make x = x
  module E = struct
    type obj_t = t
    type t = string
    let f (x : obj_t) = string_of_int (x * 2)
    let show s = "<" ^ s ^ ">"
  end
end

let () = print_endline (O.E.show (O.E.f (O.make 21)))
