(* Runaway recursion: Stack_overflow is caught, then raised again uncaught *)
let rec depth n = 1 + depth (n + 1)

let rec build_forever acc n = n :: build_forever acc (n + 1)

let () =
  (try print_int (depth 0) with Stack_overflow -> print_endline "caught Stack_overflow");
  (try ignore (build_forever [] 0) with Stack_overflow -> print_endline "caught it again");
  print_endline "now uncaught:";
  print_int (depth 0)
