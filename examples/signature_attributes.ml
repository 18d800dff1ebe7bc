(* Signature matching with representation, immediacy, variance and extension constructors
   that agree: all accepted. *)
module type S = sig type t [@@immediate] end
module F (M : S) : S = M
module A : sig type +'a t type t2 [@@immediate] val l : int t val to_list : 'a t -> 'a list end = struct
  type 'a t = 'a list
  type t2 = int
  let l = [1; 2; 3]
  let to_list x = x
end
module B : sig type +'a t end = struct type 'a t = 'a A.t end
module C : sig type +'a t val x : int t end = struct type 'a t = 'a Lazy.t let x = lazy 1 end
module D : sig type -'a t end = struct type 'a t = 'a -> int end
module X : S = struct type t = int end
module Y : S = struct type t = X.t end
module Z = F (Y)
module I : sig type t [@@immediate] end = struct type t = A | B end
module N : sig type t = { f : string } [@@unboxed] val v : t end = struct
  type t = { f : string } [@@unboxed]
  let v = { f = "unboxed" }
end
module R : sig type t = float type u = { a : t; b : float } val r : u end = struct
  type t = float
  type u = { a : t; b : float }
  let r = { a = 1.5; b = 2.5 }
end
module Vec : sig
  type +!'a t
  val make : int -> 'a -> 'a t
  val get : 'a t -> int -> 'a
end = struct
  type 'a t = Vec of Obj.t array
  let make n x = Vec (Array.make n (Obj.repr x))
  let get (Vec v) n = Obj.obj v.(n)
end
type ('a, 'b) bar = ..
type t = ..
module E : sig
  type ('a, 'b) bar += P of 'a | Q of ('b * int) list
  type t += K of { x : int } | L
  exception Ex of { y : string }
  type exn += Ey of int
end = struct
  type ('c, 'd) bar += P of 'c | Q of ('d * int) list
  type t += K of { x : int } | L
  exception Ex of { y : string }
  exception Ey of int
end
let () =
  print_endline (String.concat " " (List.map string_of_int (A.to_list A.l)));
  print_endline N.v.f;
  Printf.printf "%g %g\n" R.r.a R.r.b;
  print_endline (Vec.get (Vec.make 3 "vec") 1);
  (match E.K { x = 4 } with E.K { x } -> print_int x | _ -> ());
  (match E.P 5 with E.P n -> Printf.printf " %d\n" n | _ -> ());
  (try raise (E.Ey 7) with E.Ey n -> Printf.printf "Ey %d\n" n);
  (try raise (E.Ex { y = "ex" }) with E.Ex { y } -> print_endline y);
  print_endline "done"
