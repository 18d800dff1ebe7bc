module type C = sig
  type 'a t
  type u = Box of int t
  val empty : 'a t
  val add : 'a -> 'a t -> 'a t
  val to_list : 'a t -> 'a list
  val unbox : u -> int list
end
module L : C with type 'a t := 'a list = struct
  type u = Box of int list
  let empty = []
  let add x l = x :: l
  let to_list l = l
  let unbox (Box l) = l
end
module type S = sig
  type key = string
  type elt := int * key
  val pairs : elt list
end
module P : S = struct
  type key = string
  let pairs = [ (1, "a"); (2, "b") ]
end
let () =
  let l = L.add 1 (L.add 2 L.empty) in
  List.iter (Printf.printf "%d ") (L.to_list l);
  List.iter (Printf.printf "%d ") (L.unbox (L.Box [ 7; 8 ]));
  List.iter (fun (i, s) -> Printf.printf "%d%s " i s) P.pairs;
  print_newline ()
module type Shape = sig
  type t
  val area : t -> float
end
module Circle : Shape with type t := float = struct
  let area radius = Float.pi *. radius *. radius
end
module type S2 = Shape with type t := int
module X : S2 = struct let area x = float x end
let () = Printf.printf "%.2f %.1f\n" (Circle.area 5.0) (X.area 3)
