(* A module matches a signature that repeats its type and exception declarations: variants,
   records, abbreviations, parameters, nested modules, functor parameters. *)
type u = int
module M : sig
  type 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
  type r = { mutable count : int; name : string; items : int tree }
  type ('a, 'b) pair = 'a * 'b
  type s = r list
  type e = ..
  exception Bad of string * int
  module N : sig type t = A of r | B end
  val v : int tree
end = struct
  type 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
  type r = { mutable count : int; name : string; items : int tree }
  type ('a, 'b) pair = 'a * 'b
  type s = r list
  type e = ..
  exception Bad of string * int
  module N = struct type t = A of r | B end
  let v = Node (Leaf, 1, Leaf)
end
module type S = sig type t = A | B of u val x : t end
module K : S = struct type t = A | B of int let x = B 3 end
module F (X : sig type t = int list end) = struct let y = List.length ([1] : X.t) end
module G = F (struct type t = int list end)
let () = print_int G.y; (match K.x with K.B n -> print_int n | K.A -> ()); print_newline ()
