(* Level 1 odds and ends: (* nested (* comments *) *), annotations, physical
   inequality, the less common List functions, Sys.opaque_identity. *)

let c = '\065' and d = '\x42' and e = '\t'

let annotated (x : int) : string = string_of_int (x : int)

type point = { x : int; y : int }

let p = { x = 1; y = 2 }
let q = { p with y = 3 }

let () =
  Printf.printf "%c%c[%c] %s\n" c d e (annotated 42);
  (* `!=` is physical inequality: a fresh record is never the same block. *)
  let fresh = { p with x = Sys.opaque_identity 1 } in
  Printf.printf "%b %b %b %b\n" (p != q) (p != p) (fresh != p) (fresh = p);
  Printf.printf "%b %b\n" (p = { x = 1; y = 2 }) ((1, "a") <> (1, "b"));
  let l = List.append [ 1; 2 ] [ 3 ] in
  let r = List.rev_append [ 1; 2; 3 ] [ 4; 5 ] in
  let f = List.flatten [ [ 1 ]; []; [ 2; 3 ]; [ 4 ] ] in
  List.iter (fun l -> print_endline (String.concat "," (List.map string_of_int l))) [ l; r; f ];
  (* opaque_identity hides the value from the optimizer, nothing else. *)
  let n = Sys.opaque_identity 21 in
  print_int (n * 2);
  print_newline ();
  let s = (Sys.opaque_identity "abc" : string) in
  print_endline (s ^ s);
  (* `let` with a tuple pattern and a type annotation on a function argument. *)
  let (a, b) : int * string = (7, "seven") in
  Printf.printf "%d=%s\n" a b;
  let sum = List.fold_left ( + ) 0 [ 1; 2; 3 ] and prod = List.fold_left ( * ) 1 [ 4; 5 ] in
  Printf.printf "%d %d %d\n" sum prod (( - ) 10 3);
  (* Operators as values, sections via partial application. *)
  let add3 = ( + ) 3 in
  Printf.printf "%s\n" (String.concat " " (List.map (fun x -> string_of_int (add3 x)) [ 1; 2 ]));
  (* Integer corner cases. *)
  Printf.printf "%d %d %d %d\n" (if max_int + 1 = min_int then 1 else 0) (-7 / 2) (-7 mod 2) (7 mod -2);
  Printf.printf "%d %d %d\n" (1 lsl 62) (min_int asr 62) (-1 lsr 60)
