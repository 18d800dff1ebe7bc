(* x depends on y, which depends on wrong: x is read while wrong is being defined
   (letrec-check/basic.ml; a segfault in 4.08+dev). *)
let rec wrong =
  let rec x = ref y
  and y = ref wrong
  in ref ("foo" ^ ! ! !x)
