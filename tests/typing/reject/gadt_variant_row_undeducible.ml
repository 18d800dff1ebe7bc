(* OCaml PR#5985: a GADT constructor whose result names its argument's variable only under
   a tag that may be absent (`[< `X of 'a ]`) cannot deduce it: refused, else the
   constructor would coerce any value. *)
type 'a t = A : 'a -> [< `X of 'a ] t
