(* A program for the debugger tests (tests/debugger.rs): line numbers matter. *)
let rec fact n =
  if n <= 1 then 1
  else n * fact (n - 1)

let rec sum_to n acc =
  if n = 0 then acc
  else sum_to (n - 1) (acc + n)

let greet name =
  let msg = "hello " ^ name in
  print_endline msg

let () =
  let total = sum_to 10 0 in
  print_int total;
  print_newline ();
  print_int (fact 5);
  print_newline ();
  greet "gdb"

let describe flag xs label initial =
  let count = List.length xs in
  let pair = (count, flag) in
  if flag then print_int count;
  print_char initial;
  print_newline ();
  (match label with Some s -> print_endline s | None -> ());
  pair

let () =
  let (n, _) = describe true [1; 2; 3] (Some "three") 'z' in
  print_int n;
  print_newline ()

type shape = Dot | Circle of int | Label of string * shape
type point = { x : int; name : string }

let area shape origin others =
  match shape with
  | Dot -> origin.x
  | Circle r -> 3 * r * r
  | Label (_, s) -> origin.x + List.length others + String.length origin.name

let () =
  print_int (area (Label ("c", Circle 2)) { x = 1; name = "o" } [Dot; Circle 3]);
  print_newline ()

let shadow k =
  let v = k * 2 in
  let v = v + 1 in
  print_int (v + k);
  print_newline ();
  v

let () = print_int (shadow 20 + shadow 1)

(* `area`'s `others` is of type `'a list` in its uniform copy; here the caller's `shapes` is the
   same list at type `shape list` (live across the call), which the pretty-printer finds up
   the stack. *)
let kinds shapes =
  let n = area Dot { x = 0; name = "" } shapes in
  let first = match shapes with Circle r :: _ -> r | _ -> 0 in
  n + first

let () = print_int (kinds [Circle 1; Dot])
