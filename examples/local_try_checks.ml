(* `try` bodies whose only failures are inline checks (bound checks, zero divisors) run in
   their function's frame: each failure must still reach the right handler, with the right
   exception, the variables' values at the failure, and a backtrace. *)

let get a i = try a.(i) with Invalid_argument msg -> print_endline msg; -1

let div a b = try a / b with Division_by_zero -> 0

let rem a b = try a mod b with Division_by_zero -> -1

let sget s i = try Char.code s.[i] with Invalid_argument _ -> -2

let bset b i = try Bytes.set b i 'x'; true with Invalid_argument _ -> false

let fget (a : float array) i = try a.(i) with _ -> Float.nan

let fset (a : float array) i x = try a.(i) <- x; true with Invalid_argument _ -> false

(* A mutable variable updated before the failure: the handler sees the value it had then. *)
let progress a =
  let steps = ref 0 in
  try
    for i = 0 to 10 do
      steps := !steps + 1;
      a.(i) <- a.(i) * 2
    done;
    !steps
  with Invalid_argument _ -> 100 + !steps

(* Nested: the inner handler does not match, the outer one does. *)
let nested a i =
  try (try a.(i) with Not_found -> 0) with Invalid_argument _ -> 42

(* A failure in the handler goes to the enclosing handler. *)
let in_handler a i j =
  try (try a.(i) with Invalid_argument _ -> a.(j)) with Invalid_argument _ -> -9

(* The game-of-life neighbourhood: the common use. *)
let neighbours g x y =
  let cell x y = try g.(x).(y) with _ -> 0 in
  cell (x - 1) (y - 1) + cell (x - 1) y + cell (x - 1) (y + 1) + cell x (y - 1)
  + cell x (y + 1) + cell (x + 1) (y - 1) + cell (x + 1) y + cell (x + 1) (y + 1)

let () =
  let a = [| 1; 2; 3 |] in
  Printf.printf "%d %d %d\n" (get a 1) (get a 3) (get a (-1));
  Printf.printf "%d %d %d %d\n" (div 7 2) (div 7 0) (rem 7 3) (rem 7 0);
  Printf.printf "%d %d\n" (sget "abc" 2) (sget "abc" 3);
  let b = Bytes.of_string "abc" in
  Printf.printf "%b %b %s\n" (bset b 0) (bset b 5) (Bytes.to_string b);
  let f = [| 1.5; 2.5 |] in
  Printf.printf "%g %g %b %b %g\n" (fget f 1) (fget f 2) (fset f 0 9.) (fset f 9 1.) f.(0);
  let p = Array.make 4 1 in
  Printf.printf "%d [%s]\n" (progress p)
    (String.concat ";" (Array.to_list (Array.map string_of_int p)));
  Printf.printf "%d %d %d %d\n" (nested a 0) (nested a 5) (in_handler a 7 1) (in_handler a 7 8);
  let g = Array.init 4 (fun i -> Array.init 4 (fun j -> (i + j) mod 2)) in
  let total = ref 0 in
  for x = 0 to 3 do
    for y = 0 to 3 do
      total := !total + neighbours g x y
    done
  done;
  Printf.printf "%d\n" !total;
  (* An exception that leaves by no handler of its frame is raised as usual. *)
  match get [||] 0 + (try a.(9) with Not_found -> 0) with
  | n -> Printf.printf "unreachable %d\n" n
  | exception Invalid_argument msg -> Printf.printf "caught outside: %s\n" msg
