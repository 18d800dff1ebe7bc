(* Found by the `pipeline` fuzz target: a refutable pattern in a function parameter or a
   `let` whose body is not `unit` gave its Match_failure branch the type unit (lambda
   verifier: "switch arm 0 has type int but unit was expected"). *)
let f 0 : int = 5
let g x 0 = x + 1
let h x = let (0 | 1) = x in x * 10
let k l = let ([y] | [_; y]) = l in y + 1
let m = let 3 = 1 + 2 in "three"
let try_it name thunk =
  match thunk () with
  | v -> Printf.printf "%s = %d\n" name v
  | exception Match_failure _ -> Printf.printf "%s: Match_failure\n" name
let () =
  try_it "f 0" (fun () -> f 0);
  try_it "f 1" (fun () -> f 1);
  try_it "g 1 0" (fun () -> g 1 0);
  try_it "g 1 2" (fun () -> g 1 2);
  try_it "h 1" (fun () -> h 1);
  try_it "h 2" (fun () -> h 2);
  try_it "k [3]" (fun () -> k [3]);
  try_it "k [1; 7]" (fun () -> k [1; 7]);
  try_it "k []" (fun () -> k []);
  print_endline m
