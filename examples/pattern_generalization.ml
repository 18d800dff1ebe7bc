(* The variables a pattern binds are generalised as a variable's would be (OCaml's relaxed
   value restriction, per pattern variable), in `let` and in `match`. *)

(* A tuple of values: both names are polymorphic. *)
let id, nil = (fun x -> x), []

let () =
  Printf.printf "%d %s %.1f %d %d\n" (id 1) (id "s") (id 2.5)
    (List.length (1 :: nil)) (List.length ("a" :: "b" :: nil))

(* A local one, with a record and a nested tuple. *)
type 'a box = { item : 'a; count : int }

let () =
  let { item = wrap; count }, (pair, _) =
    { item = (fun x -> [ x ]); count = 2 }, ((fun x y -> (x, y)), 0)
  in
  let a, b = pair (wrap 1) (wrap "one") in
  Printf.printf "%d %d %s %d\n" count (List.hd a) (List.hd b) (List.length (wrap 3.5))

(* An expansive definition is evaluated once; its covariant variables are generalised. *)
let evaluated = ref 0

let () =
  let l, n = (incr evaluated; []), !evaluated in
  Printf.printf "%d %d %d %d\n" (List.length (1 :: l)) (List.length ("x" :: l)) n !evaluated

(* `match` on a nonexpansive scrutinee, with a guard and several cases. *)
let describe =
  match (fun x -> x), [] with
  | (f, l) when f true -> Printf.sprintf "%d %s %d" (f 4) (f "four") (List.length (f 1.5 :: l))
  | (f, _) -> f "unreachable"

let () = print_endline describe

let () =
  match Some (fun x -> (x, x)) with
  | Some dup ->
    let a, b = dup 7 and c, d = dup "seven" in
    Printf.printf "%d %d %s %s\n" a b c d
  | None -> ()

(* An expansive scrutinee: its covariant variables too. *)
let () =
  match List.rev [] with
  | l -> Printf.printf "%d %d\n" (List.length (1 :: l)) (List.length (2.5 :: 3.5 :: l))

(* Floats and strings through the generalised names keep their values. *)
let () =
  let first, second = (fun (x, _) -> x), (fun (_, y) -> y) in
  Printf.printf "%.2f %s %d %.3f\n" (first (1.25, "a")) (second (0, "b")) (first (3, 4.))
    (second ("c", 0.125))
