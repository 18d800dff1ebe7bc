(* Functors whose bodies egret checks at their definitions against their parameters'
   signatures: abstract types, `with type`, `with module`, submodules, exceptions, type
   extensions, polymorphic and labelled values, first-class modules, nested and generative
   functors. Some are never applied; the applied ones run. *)
module type ORD = sig type t val compare : t -> t -> int end

module MakeSet (O : ORD) : sig
  type elt = O.t
  type t
  val empty : t
  val add : elt -> t -> t
  val elements : t -> elt list
end = struct
  type elt = O.t
  type t = elt list
  let empty = []
  let rec add x = function
    | [] -> [x]
    | y :: r as l ->
      let c = O.compare x y in
      if c = 0 then l else if c < 0 then x :: l else y :: add x r
  let elements l = l
end

module Same (A : ORD) (B : ORD with type t = A.t) = struct
  let same x y = A.compare x y = B.compare x y
end

module Count (M : Map.S) = struct
  let single k v = M.add k v M.empty
  let count m = M.cardinal m
end

module Stats (T : Hashtbl.S) = struct
  let bindings h = (T.stats h).Hashtbl.num_bindings
end

module Inner (X : sig module O : ORD val v : O.t end) = struct
  let c = X.O.compare X.v X.v
end

module Functorial (X : sig
  type 'a t
  val map : ('a -> 'b) -> 'a t -> 'b t
  val pure : 'a -> 'a t
end) = struct
  let twice f x = X.map f (X.map f x)
  let one = X.pure 1
end

module Sets (X : ORD) = struct
  module S = Set.Make (X)
  let of_list l = List.fold_left (fun s x -> S.add x s) S.empty l
end

module Exn (X : sig
  exception Boom of int
  type t = A | B of int
  val f : int -> t
end) = struct
  let g n = match X.f n with X.A -> 0 | X.B k -> k
  let h () = try raise (X.Boom 3) with X.Boom n -> n
end

module Record (X : sig type t = { a : int; mutable b : string } end) = struct
  let make () : X.t = { X.a = 1; b = "x" }
  let get (r : X.t) = r.X.a
end

module Keys (X : sig module M : Map.S end)
    (Y : sig module N : Map.S with type key = X.M.key end) = struct
  let k (x : X.M.key) : Y.N.key = x
end

module Strengthen (X : ORD) (Y : sig module O : ORD end with module O = X) = struct
  let f (x : X.t) : Y.O.t = x
end

module Counter () = struct
  let r = ref 0
  let next () = incr r; !r
end

module Ext (X : sig type t = .. type t += A end) = struct
  type X.t += B
  let f = function X.A -> 1 | B -> 2 | _ -> 3
end

module Poly (X : sig val id : 'a -> 'a end) = struct
  let p = (X.id 1, X.id "s")
end

module Labels (X : sig val f : x:int -> ?y:int -> unit -> int end) = struct
  let a = X.f ~x:1 ()
end

module Covariant (X : sig type +'a t val make : unit -> 'a t end) : sig
  val v : 'a X.t
end = struct
  let v = X.make ()
end

module Outer (X : ORD) = struct
  module Nested (Y : ORD with type t = X.t) = struct
    let eq a b = X.compare a b = 0 && Y.compare a b = 0
  end
end

module Packed (X : sig
  module type T = sig val x : int end
  val m : (module T)
end) = struct
  let v = let module M = (val X.m) in M.x
end

module Max (X : ORD) = struct
  include X
  let max a b = if compare a b >= 0 then a else b
end

module Sealed (X : ORD) : ORD with type t = X.t = X

module Opened (X : sig val x : int end) = struct open X let y = x + 1 end

module StringSet = MakeSet (String)
module SameInt = Same (Int) (Int)
module SM = Map.Make (String)
module CountS = Count (SM)
module H = Hashtbl.Make (struct type t = int let equal = ( = ) let hash = Hashtbl.hash end)
module StatsH = Stats (H)
module C1 = Counter ()
module C2 = Counter ()

module ExtArg = struct type t = .. type t += A end
module E = Ext (ExtArg)
module P = Poly (struct let id x = x end)
module L = Labels (struct let f ~x ?(y = 10) () = x + y end)
module N = Outer (Int)
module NN = N.Nested (Int)
module IntSets = Sets (Int)
module MaxS = Max (String)
module X = Exn (struct
  exception Boom of int
  type t = A | B of int
  let f n = if n = 0 then A else B n
end)
module Pk = Packed (struct
  module type T = sig val x : int end
  let m = (module struct let x = 42 end : T)
end)

let () =
  print_endline (String.concat "," (StringSet.elements (StringSet.add "b" (StringSet.add "a" StringSet.empty))));
  Printf.printf "%b %d\n" (SameInt.same 1 2) (CountS.count (CountS.single "k" 1));
  let h = H.create 3 in
  H.add h 1 2;
  Printf.printf "%d %d %d %d\n" (StatsH.bindings h) (C1.next ()) (C1.next ()) (C2.next ());
  Printf.printf "%d %d %d\n" (E.f E.B + 10 * E.f ExtArg.A) (snd P.p |> String.length) L.a;
  Printf.printf "%b %d %s\n" (NN.eq 3 3) (IntSets.S.cardinal (IntSets.of_list [3; 1; 3])) (MaxS.max "a" "b");
  Printf.printf "%d %d %d %d\n" (X.g 0) (X.g 5) (X.h ()) Pk.v
