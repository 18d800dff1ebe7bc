(* OCaml PR#6275: a variable under a tag that may be absent is not determined by the
   parameter, so the declaration is refused (otherwise it would coerce any value). *)
type 'x t = A of 'a constraint 'x = [< `X of 'a ]
