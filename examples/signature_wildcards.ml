(* `_` in a signature's value type is a variable of its own (OCaml's Fun.const has type
   'a -> (_ -> 'a)): each use may instantiate it differently. *)
module M : sig
  val f : _ -> int
  val g : _ * _ -> int
  val const : 'a -> (_ -> 'a)
end = struct
  let f _ = 1
  let g _ = 2
  let const c _ = c
end

let () =
  Printf.printf "%d %d %d %d\n" (M.f "a") (M.f 3) (M.g (1, "x")) (M.g ("y", 2.5));
  assert (M.const true 4);
  assert (M.const 0 'c' = 0);
  assert (Fun.const 0 4 = 0);
  assert (Fun.const "s" [] = "s");
  print_endline "ok"
