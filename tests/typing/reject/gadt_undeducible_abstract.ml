(* 'a s is abstract and not declared injective (!'a): T's 'a cannot be read back from the
   result type (typing-gadts/pr5985.ml). *)
type 'a s
type _ t = T : 'a -> 'a s t
