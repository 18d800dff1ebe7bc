let f () =
  let r = ref [] in
  let push x = r := x :: !r in
  push 1; push "a"; List.length !r
let () = print_int (f ())
