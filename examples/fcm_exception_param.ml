(* A first-class module's exceptions, and a module unpacked by one parameter used in the
   next parameter's pattern (OCaml's testsuite basic-more/pr10338); a local exception in an
   or-pattern under `as` (the verifier once took field 0 of a known exception for an
   argument). *)
module type E = sig exception Ex of int val name : string end

let f ((module M) : (module E)) (M.Ex _ | Invalid_argument _ as e) =
  match e with M.Ex n -> Printf.sprintf "%s %d" M.name n | _ -> "other"

let g ((module M) : (module E)) (M.Ex _ | Exit) = "42"

let raise_it (module M : E) n = raise (M.Ex n)

let () =
  let m = (module struct exception Ex of int let name = "m" end : E) in
  let module M = (val m) in
  print_endline (f m (M.Ex 4));
  print_endline (f m (Invalid_argument "x"));
  print_endline (g m Exit);
  print_endline (g m (M.Ex 0));
  (match raise_it m 7 with
   | () -> ()
   | exception M.Ex k -> Printf.printf "caught %d\n" k);
  (* Two packings of one structure are one exception; another module's is another. *)
  let other = (module struct exception Ex of int let name = "o" end : E) in
  let module O = (val other) in
  (match raise_it other 1 with
   | () -> ()
   | exception M.Ex _ -> print_endline "wrong"
   | exception O.Ex k -> Printf.printf "other %d\n" k);
  try raise (M.Ex 9) with O.Ex _ -> print_endline "wrong" | M.Ex n -> Printf.printf "M %d\n" n

let () =
  let exception Local of int in
  let h (Local _ | Invalid_argument _ as e) =
    match e with Local n -> string_of_int n | _ -> "invalid" in
  print_endline (h (Invalid_argument "x"));
  print_endline (h (Local 3))
