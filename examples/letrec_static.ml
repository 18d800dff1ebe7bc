(* More right-hand sides of `let rec` that OCaml's Rec_check accepts. *)

(* Blocks after a computation (letrec-compilation/float_block_1). *)
let () =
  let rec x = print_endline "effect x"; [| 1; 2; 3 |]
  and y = print_endline "effect y"; [| 1.; 2.; 3. |] in
  assert (x = [| 1; 2; 3 |]);
  assert (y = [| 1.; 2.; 3. |]);
  print_endline "arrays ok"

(* A labelled application that omits an argument is a closure of the given ones
   (letrec-compilation/labels). *)
let f () ~x = x ()
let rec g = f ~x:(fun () -> if !count < 3 then (incr count; g ()) else !count)
and count = ref 0
let () = Printf.printf "%d\n" (g ())

let apply_n h ~n ~x = let r = ref x in for _ = 1 to n do r := h !r done; !r
let rec twice = apply_n ~n:2 ~x:"x"
and name = "ab"
let () = print_endline (twice (fun s -> s ^ name))

(* A value of known size whose definition holds the name only as a block's field: the name
   is a placeholder there (regression/pr7718). *)
let () =
  let rec b =
    let x = (b, b) in
    let x = [| x; x; x |] in
    let _y = ref x in
    42
  in
  Printf.printf "%d\n" b

(* A local alias of a name of the group, used as a field. *)
type tree = { children : tree list; label : string }
let rec root = let me = root in { children = [me]; label = "root" }
let () =
  Printf.printf "%s %b\n" root.label (List.hd root.children == root)
