(* `assert false` raises Assert_failure with a one-tuple payload, but the exception is declared
   (and matched) with three arguments: matching `Assert_failure (f, l, c)` reads past the block
   (garbage with the Cranelift backend; the lambda interpreter: "field 2 out of range").
   Found by difftest (seed 13). Match_failure is built the same way. *)
let () =
  (try assert (1 = 2) with Assert_failure (f, l, c) -> Printf.printf "%s %d %d\n" f l c);
  (try (match 3 with 1 -> ()) with Match_failure (f, l, c) -> Printf.printf "%s %d %d\n" f l c)
