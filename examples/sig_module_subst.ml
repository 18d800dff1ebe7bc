(* Local module substitutions in signatures, `module P := M` (OCaml 4.13): the items after it
   name `M`'s types and module types through `P`. *)

module Pair = struct
  type 'a t = 'a * 'a
  module type SWAP = sig val swap : 'a t -> 'a t end
  let make x = (x, x)
end

module type S = sig
  module P := Pair
  type t := int P.t
  val twice : int -> t
  module Swap : P.SWAP
end

module M : S = struct
  let twice x = Pair.make x
  module Swap = struct let swap (a, b) = (b, a) end
end

let () =
  let a, b = M.Swap.swap (fst (M.twice 4), 5) in
  Printf.printf "%d %d\n" a b
