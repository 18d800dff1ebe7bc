(* Private types: variants, records and abbreviations, in signatures and structures. *)
module Color : sig
  type t = private Red | Green | Rgb of int * int * int
  val red : t
  val rgb : int -> int -> int -> t
end = struct
  type t = Red | Green | Rgb of int * int * int
  let red = Red
  let rgb r g b = if r = 255 && g = 0 && b = 0 then Red else Rgb (r, g, b)
end

let describe (c : Color.t) =
  match c with
  | Color.Red -> "red"
  | Color.Green -> "green"
  | Color.Rgb (r, g, b) -> Printf.sprintf "rgb(%d, %d, %d)" r g b

module Counter : sig
  type t = private { name : string; mutable count : int }
  val make : string -> t
  val incr : t -> unit
end = struct
  type t = { name : string; mutable count : int }
  let make name = { name; count = 0 }
  let incr c = c.count <- c.count + 1
end

module Nat : sig
  type t = private int
  val of_int : int -> t
  val add : t -> t -> t
end = struct
  type t = int
  let of_int x = if x < 0 then invalid_arg "Nat.of_int" else x
  let add a b = a + b
end

type point = private { x : float; y : float }

let norm (p : point) = sqrt ((p.x *. p.x) +. (p.y *. p.y))

let () =
  print_endline (describe Color.red);
  print_endline (describe (Color.rgb 255 0 0));
  print_endline (describe (Color.rgb 1 2 3));
  let c = Counter.make "clicks" in
  Counter.incr c;
  Counter.incr c;
  Printf.printf "%s = %d\n" c.Counter.name c.Counter.count;
  let { Counter.name; count } = c in
  Printf.printf "%s/%d\n" name count;
  let n = Nat.add (Nat.of_int 20) (Nat.of_int 22) in
  Printf.printf "%d\n" (n :> int);
  Printf.printf "%d\n" ((n : Nat.t :> int) + 1);
  let ns = List.map Nat.of_int [1; 2; 3] in
  Printf.printf "%d\n" (List.fold_left ( + ) 0 (ns :> int list));
  (try ignore (Nat.of_int (-1)) with Invalid_argument s -> print_endline s);
  Printf.printf "%b\n" (compare (Nat.of_int 3) (Nat.of_int 4) < 0)
