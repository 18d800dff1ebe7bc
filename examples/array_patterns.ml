(* Array patterns [| p1; ..; pn |]: a test of the length, then the elements. *)
let size = function
  | [||] -> "empty"
  | [| _ |] -> "one"
  | [| _; _ |] -> "two"
  | _ -> "many"

let sum = function
  | [||] -> 0
  | [| x |] -> x + 1
  | [| x; y |] -> x + y
  | [| x; y; z |] -> x + y + z
  | a -> Array.fold_left ( + ) 0 a * 1000

let first_is_zero = function [| 0; _ |] | [| 0 |] -> true | _ -> false

let describe a =
  match a with
  | [| "a"; x |] | [| x; "a" |] -> "pair with a: " ^ x
  | [| x; y |] when x = y -> "equal pair " ^ x
  | [| x; _ |] as whole -> Printf.sprintf "pair starting %s (%d)" x (Array.length whole)
  | [| |] -> "nothing"
  | _ -> "other"

type shape = Poly of (int * int) array | Dot of int * int

let corners = function
  | Poly [| (0, 0); p; q |] -> Printf.sprintf "triangle at origin (%d,%d) (%d,%d)" (fst p) (snd p) (fst q) (snd q)
  | Poly [| _; _; _ |] -> "triangle"
  | Poly [| _; _; _; _ |] -> "quad"
  | Poly _ -> "polygon"
  | Dot (x, y) -> Printf.sprintf "dot %d %d" x y

let rec pairs = function
  | [] -> []
  | [| a; b |] :: rest -> (a, b) :: pairs rest
  | _ :: rest -> pairs rest

let () =
  List.iter (fun a -> print_endline (size a)) [ [||]; [| 1 |]; [| 1; 2 |]; [| 1; 2; 3 |] ];
  List.iter (fun a -> print_int (sum a); print_newline ())
    [ [||]; [| 5 |]; [| 2; 3 |]; [| 1; 2; 3 |]; [| 1; 1; 1; 1 |] ];
  List.iter (fun a -> Printf.printf "%b " (first_is_zero a)) [ [| 0 |]; [| 0; 1 |]; [| 1; 0 |]; [| 0; 0; 0 |] ];
  print_newline ();
  List.iter (fun a -> print_endline (describe a))
    [ [| "a"; "b" |]; [| "c"; "a" |]; [| "d"; "d" |]; [| "e"; "f" |]; [||]; [| "x" |] ];
  List.iter (fun s -> print_endline (corners s))
    [ Poly [| (0, 0); (1, 0); (0, 1) |]; Poly [| (1, 1); (1, 0); (0, 1) |];
      Poly [| (0, 0); (1, 0); (1, 1); (0, 1) |]; Poly [||]; Dot (3, 4) ];
  List.iter (fun (a, b) -> Printf.printf "(%s,%s) " a b) (pairs [ [| "x"; "y" |]; [| "z" |]; [| "u"; "v" |] ]);
  print_newline ();
  (* a let binding with an array pattern, and a function parameter *)
  let [| a; b |] = Array.make 2 7 in
  Printf.printf "%d %d\n" a b;
  let swap [| x; y |] = [| y; x |] in
  let s = swap [| 1; 2 |] in
  Printf.printf "%d %d\n" s.(0) s.(1);
  (* matching a mutated array sees its current elements *)
  let m = [| 1; 2 |] in
  m.(0) <- 10;
  (match m with [| 10; y |] -> Printf.printf "mutated %d\n" y | _ -> print_endline "stale");
  (* a refutable array pattern fails with Match_failure *)
  try
    let [| _ |] = [| 1; 2 |] in
    print_endline "no"
  with Match_failure (_, l, c) -> Printf.printf "Match_failure %d %d\n" l c
