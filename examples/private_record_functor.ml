(* A functor defined in a module builds values of the module's private record type, which
   is private only outside (after ocaml-hashcons's Hashcons.Make). *)
module H : sig
  type +'a hash_consed = private { tag : int; node : 'a }
  module type S = sig
    type key
    val hashcons : key -> key hash_consed
  end
  module Make (K : sig type t end) : S with type key = K.t
  val generic : 'a -> 'a hash_consed
end = struct
  type +'a hash_consed = { tag : int; node : 'a }
  module type S = sig
    type key
    val hashcons : key -> key hash_consed
  end
  let counter = ref 0
  let generic x = incr counter; { tag = !counter; node = x }
  module Make (K : sig type t end) = struct
    type key = K.t
    let hashcons x = incr counter; { tag = 100 + !counter; node = x }
  end
end

module S = H.Make (struct type t = string end)

let () =
  let a = S.hashcons "a" and b = H.generic 3.5 in
  Printf.printf "%d %s %d %g\n" a.H.tag a.H.node b.H.tag b.H.node
