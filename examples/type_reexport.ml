(* Re-exported type definitions: a type equal to another with its constructors or fields
   repeated, so they are in scope under the new name (as the stdlib's .mli files do). *)
type shape = Circle of int | Rect of int * int
type point = { x : int; mutable y : int }

module M = struct
  type t = shape = Circle of int | Rect of int * int
  type p = point = { x : int; mutable y : int }
  type 'a l = 'a list = [] | (::) of 'a * 'a l
  type b = bool = false | true
end

let area = function M.Circle r -> 3 * r * r | M.Rect (w, h) -> w * h
let () =
  Printf.printf "%d %d\n" (area (Circle 2)) (area (M.Rect (3, 4)));
  let p = { M.x = 1; y = 2 } in
  p.M.y <- 5;
  Printf.printf "%d %d\n" p.x p.y;
  let rec len (l : int M.l) = match l with [] -> 0 | _ :: t -> 1 + len t in
  Printf.printf "%d\n" (len [1; 2; 3]);
  print_endline (if (true : M.b) then "true" else "false")
