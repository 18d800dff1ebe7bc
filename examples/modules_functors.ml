module type SHOW = sig
  type t
  val show : t -> string
end

module IntShow = struct
  type t = int
  let show n = "int:" ^ string_of_int n
  let hidden = 42
end

module Pair (A : SHOW) (B : SHOW) = struct
  type t = A.t * B.t
  let show (a, b) = "(" ^ A.show a ^ ", " ^ B.show b ^ ")"
end

module StrShow : SHOW with type t = string = struct
  type t = string
  let show s = "str:" ^ s
end

module P = Pair (IntShow) (StrShow)
module Q = Pair (P) (struct type t = bool let show b = if b then "T" else "F" end)

let () =
  print_endline (P.show (1, "a"));
  print_endline (Q.show ((2, "b"), true));
  let module L = struct let x = 10 let y = x * 2 end in
  Printf.printf "%d %d\n" L.x L.y

module type COUNTER = sig
  val next : unit -> int
  val reset : unit -> unit
end

module MakeCounter () : COUNTER = struct
  let r = ref 0
  let next () = incr r; !r
  let reset () = r := 0
end

module C1 = MakeCounter ()
module C2 = MakeCounter ()
let () =
  ignore (C1.next ()); ignore (C1.next ());
  Printf.printf "%d %d\n" (C1.next ()) (C2.next ())

let x = 1
module F (X : sig val y : int end) = struct let z = x + X.y end
let x = 100
module G = F (struct let y = 5 end)
let () = Printf.printf "%d %d\n" G.z x

module type S2 = sig val id : int -> int end
module Id : S2 = struct let id x = x end
let () = print_int (Id.id 3); print_newline ()
