(* Obj.marshal and Obj.unmarshal from the installed obj.ml: the bytes of a value and the
   value read back with the offset after it. *)
let () =
  let s = Obj.marshal (Obj.repr (1, 2)) in
  let (v, n) = Obj.unmarshal s 0 in
  Printf.printf "%d %d\n" (fst (Obj.obj v : int * int)) n
