(* Run under `ulimit -v 100000` (tests/startup.rs): the program stack is smaller then, a
   recursion too deep for it raises Stack_overflow, which the program catches, and a
   recursion that fits still works. The expected output is ocamlopt's (its
   build, with an 8 MiB stack, prints the same under the same limit). *)
let rec depth n = if n = 0 then 0 else 1 + depth (n - 1)

let () =
  (match depth 100_000_000 with
   | d -> Printf.printf "depth %d\n" d
   | exception Stack_overflow -> print_endline "Stack_overflow");
  Printf.printf "depth %d\n" (depth 100_000);
  let a = Array.init 100_000 (fun i -> i) in
  Printf.printf "sum %d\n" (Array.fold_left ( + ) 0 a)
