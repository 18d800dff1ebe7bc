(* `let open` of a functor expression. *)
let f () = let open functor (X : sig end) -> struct let x = 1 end in x
