(* A functor's result signature `HEAP with module Elem = E`: the result's `Elem.t` is the
   argument's `t` (Okasaki's heaps), so an application's `Elem.t` is `int` here. *)
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

module IntOrd = struct
  type t = int
  let leq = ( <= )
end

module StrOrd = struct
  type t = string
  let leq a b = String.compare a b <= 0
end

module H = ListHeap (IntOrd)
module S = ListHeap (StrOrd)

let () =
  Printf.printf "%d\n" (H.find_min (H.insert 3 (H.insert 1 (H.insert 2 H.empty))));
  print_endline (S.find_min (S.insert "b" (S.insert "a" S.empty)));
  Printf.printf "%b\n" (H.Elem.leq 1 2)
