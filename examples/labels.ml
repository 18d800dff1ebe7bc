(* Labelled and optional arguments: definitions, applications in any order, partial
   application with labels, optional arguments erased by a later positional argument,
   defaults evaluated when the function is applied, evaluation order. *)

let f ~x ~y = x - y
let () = Printf.printf "%d %d %d\n" (f ~x:10 ~y:3) (f ~y:3 ~x:10) (f 10 3)

let g = f ~y:1
let () = Printf.printf "%d\n" (g ~x:5)

let h ?(z = 100) a = a + z
let () = Printf.printf "%d %d %d %d\n" (h 1) (h ~z:2 1) (h ?z:(Some 3) 1) (h ?z:None 4)

let k ?z () = match z with None -> "none" | Some s -> s
let () = print_endline (k ()); print_endline (k ~z:"zz" ())

let p ~(x : int) ?(y : int = 5) ~z:w () = x * 100 + y * 10 + w
let () = Printf.printf "%d\n" (p ~z:1 ~x:2 ())
let q = p ~z:7
let () = Printf.printf "%d\n" (q ~x:1 ~y:2 ())

let apply_f (f : x:int -> int) = f ~x:3
let () = Printf.printf "%d\n" (apply_f (fun ~x -> x * x))

(* The default is computed each time the function is applied. *)
let r ?(a = (print_endline "default a"; 1)) b = a + b
let r1 = r ?a:None
let () = Printf.printf "%d %d\n" (r1 1) (r1 2)

let s = List.map (fun x -> f ~x ~y:1) [1; 2; 3]
let () = List.iter (Printf.printf "%d ") s; print_newline ()

let t ~x = fun ~y -> x + y
let () = Printf.printf "%d\n" (t ~y:1 ~x:2)

(* Arguments are evaluated right to left in the order of the parameters. *)
let eff ~a ~b = Printf.printf "a=%d b=%d\n" a b
let () = eff ~b:(print_endline "b"; 1) ~a:(print_endline "a"; 2)

(* Omitting ~a: the function and the later arguments are evaluated first. *)
let part = eff ~b:(print_endline "pb"; 3)
let () = part ~a:4; part ~a:5

(* Patterns as labelled parameters, defaults depending on earlier parameters. *)
let area ~size:(w, h) ?(scale = w) () = w * h * scale
let () = Printf.printf "%d %d\n" (area ~size:(2, 3) ()) (area ~scale:1 ~size:(2, 3) ())

(* Optional arguments of a function passed where a plain function is expected are erased. *)
let twice ?(times = 2) x = x * times
let () = List.iter (fun n -> Printf.printf "%d " n) (List.map twice [1; 2; 3]); print_newline ()

(* Labels on a function of unknown type. *)
let call g = g ~name:"egret" ~count:2
let () = call (fun ~name ~count -> for _ = 1 to count do print_endline name done)

(* Optional argument forwarded with ?x. *)
let inner ?(sep = ",") l = String.concat sep l
let outer ?sep l = inner ?sep l
let () = print_endline (outer ["a"; "b"]); print_endline (outer ~sep:"-" ["a"; "b"])

(* Recursive functions with labels. *)
let rec sum ?(acc = 0) = function [] -> acc | x :: xs -> sum ~acc:(acc + x) xs
let () = Printf.printf "%d\n" (sum [1; 2; 3; 4])

let rec count ~from ~upto = if from > upto then [] else from :: count ~from:(from + 1) ~upto
let () = List.iter (Printf.printf "%d ") (count ~upto:5 ~from:1); print_newline ()
