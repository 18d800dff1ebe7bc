(* A program for the debugger test of unused exports (tests/debugger.rs): line numbers matter.
   Under -g the top-level functions it never calls are kept, as ocamlopt keeps them. *)
let unused_mono x =
  x * 3 + 1

let unused_poly l =
  List.length l + 2

let rec unused_rec_poly n acc =
  if n = 0 then acc else unused_rec_poly (n - 1) (acc @ acc)

module M = struct
  let inner_unused y =
    y - 7

  let used z = z + 1
end

let () =
  print_int (M.used 41);
  print_newline ()
