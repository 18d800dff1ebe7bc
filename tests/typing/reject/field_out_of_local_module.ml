(* A `let module`'s fields are not in scope after it. *)
let f x =
  let module N = struct type s = { other : int } end in
  ignore (N.{ other = 1 });
  x.other
