(* Applicative functors: one type per functor and argument path. *)
module S1 = Map.Make (String)
module S2 = Map.Make (String)
module S = String
module S3 = Map.Make (S)

let m = S1.add "a" 1 S1.empty
let (n : int Map.Make(String).t) = m
let (k : int S3.t) = S2.add "b" 2 n

module F (X : sig type t val x : t end) = struct
  type t = A of X.t | B
  let count = ref 0
  let make () = incr count; A X.x
end
module I = struct type t = int let x = 42 end
module F1 = F (I)
module F2 = F (I)
let same : F1.t list = [ F2.make (); F1.make (); F2.B ]

module G (X : sig type t val x : t end) = struct
  module M = Map.Make (struct type t = int let compare = compare end)
  module N = Map.Make (String)
end
module G1 = G (I)
module G2 = G (I)
let nm : int G1.N.t = G2.N.add "z" 26 S1.empty

module Two (A : Set.OrderedType) (B : Set.OrderedType) = struct
  type t = A.t * B.t
  module P = Set.Make (struct type t = A.t * B.t let compare = compare end)
end
module T1 = Two (String) (Int)
module T2 = Two (String) (Int)
let ps = T1.P.add ("x", 1) T2.P.empty

let () =
  Printf.printf "%d %d %d\n" (S2.find "a" m) (S2.cardinal n) (S1.cardinal k);
  List.iter (function F1.A v -> Printf.printf "A %d\n" v | F1.B -> print_endline "B") same;
  Printf.printf "counts %d %d\n" !F1.count !F2.count;
  Printf.printf "%d %d\n" (S1.find "z" nm) (T2.P.cardinal ps);
  let local () = let module L = Map.Make (String) in L.add "l" 0 L.empty in
  Printf.printf "%d\n" (S1.cardinal (local ()))

(* The body still runs once per application: values are not shared. *)
module Counter (X : sig end) = struct
  let n = ref 0
  let () = print_endline "applied"
  type t = int
end
module E = struct end
module C1 = Counter (E)
module C2 = Counter (E)
let () =
  incr C1.n;
  let x : C1.t = !C1.n in
  let y : C2.t = x in
  Printf.printf "%d %d %d\n" !C1.n !C2.n y

(* Hashtbl.Make and Set.Make, twice each, through an alias of the argument. *)
module H = struct type t = string let equal = String.equal let hash = Hashtbl.hash end
module H1 = Hashtbl.Make (H)
module H2 = Hashtbl.Make (H)
module HA = H
module H3 = Hashtbl.Make (HA)
let () =
  let h : int H1.t = H2.create 4 in
  H3.replace h "k" 5;
  Printf.printf "%d\n" (H1.find h "k")
