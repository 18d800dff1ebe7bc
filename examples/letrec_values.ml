let rec xs = 1 :: 2 :: xs
let () = print_int (List.nth xs 5); print_newline ()
type t = { x : t; y : t; z : t; n : int }
let test =
  let rec x = { x; y; z; n = 1 }
      and y = { x; y; z; n = 2 }
      and z = { x; y; z; n = 3 } in
  print_int (x.y.z.x.n + y.n * 10 + z.x.n * 100); print_newline ()
type u = A of (int -> int)
let () =
  let rec a = A f
  and f = function 0 -> 2 | n -> (match a with A g -> g 0) in
  print_int (f 1); print_newline ()
let () =
  let rec r = ref init and init () = print_endline "init"; r := (fun () -> print_endline "swapped") in
  !r (); !r ()
let rec k = 5 and g n = n + k
let () = print_int (g 1); print_newline ()
type tree = Tree of tree list
let () =
  let rec x = (print_endline "effect"; Tree [y; z])
  and y = (print_endline "effect"; Tree [])
  and z = (print_endline "effect"; Tree [x]) in
  match (x, y, z) with
  | (Tree [y1; z1], Tree [], Tree [x1]) -> assert (y1 == y); assert (z1 == z); assert (x1 == x); print_endline "ok"
  | _ -> assert false
