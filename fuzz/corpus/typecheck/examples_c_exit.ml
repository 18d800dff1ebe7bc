(* exit with a non-zero code from deep inside; stdout must still be flushed *)
let rec search target = function
  | [] -> None
  | (k, v) :: rest -> if k = target then Some v else search target rest

let table = [ ("alpha", 1); ("beta", 2); ("gamma", 3) ]

let check name =
  match search name table with
  | Some v -> Printf.printf "%s -> %d\n" name v
  | None ->
    Printf.printf "%s not found, giving up\n" name;
    Printf.eprintf "fatal: missing key %s\n" name;
    exit 3

let () =
  print_string "partial line without newline... ";
  List.iter check [ "beta"; "alpha"; "delta"; "gamma" ];
  print_endline "never printed"
