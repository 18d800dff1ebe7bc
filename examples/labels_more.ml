(* Labelled and optional arguments: erasure, partial application, evaluation order, labels in
   record fields and in function-typed parameters. *)
let f ?(a = 1) ?(b = 2) c = a * 100 + b * 10 + c
let () = Printf.printf "%d %d %d %d\n" (f 3) (f ~b:5 3) (f ~a:7 3) (f ~b:8 ~a:9 3)
let g = f ~b:4
let () = Printf.printf "%d %d\n" (g 1) (g ~a:2 1)
let h ~x ?y () = match y with None -> x | Some y -> x + y
let () = Printf.printf "%d %d\n" (h ~x:1 ()) (h ~y:2 ~x:1 ())
let k = h ~x:10
let () = Printf.printf "%d\n" (k ~y:5 ())
let comp f g x = f (g x)
let () = Printf.printf "%d\n" (comp (fun x -> x + 1) (fun x -> x * 2) 5)
let mk ~name = fun ~age -> Printf.sprintf "%s:%d" name age
let () = print_endline (mk ~age:3 ~name:"a")
let pp ?(prefix = ">") fmt_int = Printf.printf "%s%d\n" prefix fmt_int
let () = List.iter pp [1; 2]
let () = List.iter (pp ~prefix:"#") [3]
let rec loop ?(acc = []) n = if n = 0 then List.rev acc else loop ~acc:(n :: acc) (n - 1)
let () = List.iter print_int (loop 5); print_newline ()
let sum ~init l = List.fold_left (+) init l
let () = print_int (sum [1;2;3] ~init:10); print_newline ()
let ev ~a ~b c = Printf.printf "%d %d %d\n" a b c
let () = ev (print_string "c;"; 3) ~b:(print_string "b;"; 2) ~a:(print_string "a;"; 1)
let opt_f ?x y = (match x with Some x -> x | None -> 0) + y
let r = ref 0
let () = Printf.printf "%d\n" (opt_f ?x:(incr r; Some !r) (incr r; !r))
type t = { cb : x:int -> int }
let rr = { cb = (fun ~x -> x * 3) }
let () = print_int (rr.cb ~x:4); print_newline ()
let apply (f : ?z:int -> unit -> int) = f ()
let () = print_int (apply (fun ?(z = 9) () -> z)); print_newline ()
