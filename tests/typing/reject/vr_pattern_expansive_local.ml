(* A local destructuring `let` of an expansive definition generalises no contravariant
   variable. *)
let () =
  let id, r = (let r = ref [] in (fun x -> x), r) in
  ignore (id 1, id "s"); r := [3]
