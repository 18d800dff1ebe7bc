module Point = struct
  type t = { x : int; y : int }
  let origin = { x = 0; y = 0 }
  let make x y = { x; y }
  let add a b = { x = a.x + b.x; y = a.y + b.y }
  let to_string p = Printf.sprintf "(%d, %d)" p.x p.y
  exception Bad_point of int
  let check p = if p.x < 0 then raise (Bad_point p.x) else p
end

module Shapes = struct
  type shape = Circle of Point.t * int | Square of Point.t * int
  module Area = struct
    let of_shape = function Circle (_, r) -> 3 * r * r | Square (_, s) -> s * s
  end
  let describe s = match s with
    | Circle (c, r) -> "circle at " ^ Point.to_string c ^ " r=" ^ string_of_int r
    | Square (c, s) -> "square at " ^ Point.to_string c ^ " s=" ^ string_of_int s
end

module P = struct type t = { x : int; mutable y : int } end
let qualified_fields () =
  let p = { P.x = 1; y = 2 } in
  p.P.y <- 5;
  let f { P.x; y } = x + y in
  Printf.printf "%d %d %d\n" p.P.x p.y (f p)

module Counter = struct
  let count = ref 0
  let next () = incr count; !count
end

open Shapes

let () =
  let p = Point.add (Point.make 1 2) Point.origin in
  print_endline (Point.to_string p);
  let shapes = [Circle (p, 2); Shapes.Square (Point.make 3 4, 5)] in
  List.iter (fun s -> Printf.printf "%s area=%d\n" (describe s) (Area.of_shape s)) shapes;
  Printf.printf "%d\n" (Shapes.Area.of_shape (Square (Point.origin, 3)));
  qualified_fields ();
  let a = Counter.next () in let b = Counter.next () in
  Printf.printf "%d %d\n" a b;
  let open Point in
  print_endline (to_string (make 7 8));
  let q : Point.t = Point.(add origin (make 1 1)) in
  Printf.printf "%d\n" q.x;
  (try ignore (Point.check (Point.make (-1) 0)) with Point.Bad_point n -> Printf.printf "bad %d\n" n);
  ignore (Point.check (Point.make (-2) 0))
