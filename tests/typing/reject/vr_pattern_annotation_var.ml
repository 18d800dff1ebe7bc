(* A named type variable in a pattern's annotation belongs to the whole top-level phrase: it
   is not generalised by the inner `let`. *)
let () =
  let (id : 'a -> 'a), _ = (fun x -> x), 0 in
  ignore (id 1, id "s")
