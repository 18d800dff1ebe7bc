(* Extensible variants: `type t = ..`, `type t += ...`, `type exn += ...`. *)
type shape = ..
type shape += Circle of float | Square of float
type shape += Point

let area = function
  | Circle r -> 3. *. r *. r
  | Square s -> s *. s
  | Point -> 0.
  | _ -> -1.

module Poly = struct
  type shape += Rect of float * float
  let area = function Rect (w, h) -> w *. h | s -> area s
end

type shape += Named of string * shape

let rec describe = function
  | Circle _ -> "circle"
  | Square _ -> "square"
  | Point -> "point"
  | Poly.Rect _ -> "rect"
  | Named (n, s) -> n ^ ":" ^ describe s
  | _ -> "?"

let () =
  List.iter
    (fun s -> Printf.printf "%s %g %g\n" (describe s) (area s) (Poly.area s))
    [ Circle 1.; Square 2.; Point; Poly.Rect (2., 3.); Named ("big", Square 10.) ]

(* A parameterised extensible type. *)
type 'a expr = ..
type 'a expr += Const of 'a | Add of 'a expr * 'a expr
type 'a expr += Neg of 'a expr

let rec eval_int : int expr -> int = function
  | Const n -> n
  | Add (a, b) -> eval_int a + eval_int b
  | Neg a -> - (eval_int a)
  | _ -> failwith "eval_int"

let () = Printf.printf "%d\n" (eval_int (Add (Const 2, Neg (Add (Const 3, Const 4)))))
let () = match Const "s" with Const s -> print_endline s | _ -> ()

(* Equality and physical identity of constant constructors. *)
let () =
  Printf.printf "%b %b %b\n" (Point = Point) (Point == Point) (Circle 1. = Circle 1.)

(* `type exn += ...` declares exceptions. *)
type exn += Oops of int | Plain

let () =
  (try raise (Oops 3) with Oops n -> Printf.printf "Oops %d\n" n);
  print_endline (Printexc.to_string Plain);
  print_endline (Printexc.to_string (Oops 4));
  raise (Oops 5)
