(* `S with type Elem.t = int`: a constraint on a type of a submodule, here on a functor's
   parameter, so the body may give the submodule's functions ints. *)
module type ORDERED = sig
  type t
  val leq : t -> t -> bool
end

module type HEAP = sig
  module Elem : ORDERED
  type heap
  val empty : heap
  val insert : Elem.t -> heap -> heap
  val find_min : heap -> Elem.t
end

module ListHeap (E : ORDERED) : HEAP with module Elem = E = struct
  module Elem = E
  type heap = E.t list
  let empty = []
  let rec insert x = function
    | [] -> [ x ]
    | y :: t as l -> if E.leq x y then x :: l else y :: insert x t
  let find_min = List.hd
end

module Test (H : HEAP with type Elem.t = int) = struct
  let run () = H.find_min (H.insert 3 (H.insert 1 (H.insert 2 H.empty)))
end

module IntOrd = struct
  type t = int
  let leq = ( <= )
end

module T = Test (ListHeap (IntOrd))

module Sealed : HEAP with type Elem.t = int = ListHeap (IntOrd)

let () =
  Printf.printf "%d\n" (T.run ());
  Printf.printf "%d\n" (Sealed.find_min (Sealed.insert 7 Sealed.empty))
