(* 'a s constrains its parameter deeply (an equation 'a option), so T's 'a is not separable
   (typing-unboxed-types/test_flat.ml, GPR#1133). *)
type 'a s = S : 'a -> 'a option s [@@unboxed]
type t = T : 'a s -> t [@@unboxed]
