(* Record fields are scoped by module, as OCaml's labels are; a field out of scope is still
   found through the known type of the record (type-directed disambiguation). *)

module M = struct type r = { lbl : int; b : int } end

(* Out of scope, the type known from an annotation. *)
let f (x : M.r) = x.lbl
let g (x : M.r) = { x with lbl = 1 }
let h : M.r -> int = function { lbl; _ } -> lbl
let k : M.r = { lbl = 1; b = 2 }

(* Qualified: `e.M.f`, `M.(e.f)`, `M.{..}`, `{ M.f = ..; g = .. }` (the first qualifier is
   the others'), `{ M.f; g }` patterns. *)
let l x = x.M.lbl + M.(x.b)
let m = M.{ lbl = 3; b = 4 }
let n = { M.lbl = 5; b = 6 }
let o x = match x with { M.lbl; b } -> lbl + b

let () =
  Printf.printf "%d %d %d %d %d %d\n" (f k) (g k).M.b (h k) (l m) (l n) (o n)

(* Sealed modules, `include`, `open`, `let open`, functor parameters and results. *)
module S : sig type r = { mutable fld : int } val v : r end = struct
  type r = { mutable fld : int }
  let v = { fld = 7 }
end

let get x = x.S.fld
let set x = let open S in x.fld <- 8
include S
let get2 x = x.fld

module type T = sig type t = { a : int; mutable c : string } end
module Mk (X : sig end) : T = struct type t = { a : int; mutable c : string } end
module I = Mk (struct end)
let z = { I.a = 1; c = "x" }

module F (X : T) = struct
  let read x = x.X.a
  let read2 (x : X.t) = x.a
end
module G (X : T) = struct open X let read x = x.c end
module FI = F (I)
module GI = G (I)

let () =
  set v;
  z.I.c <- "y";
  Printf.printf "%d %d %d %d %d %s\n" (get v) (get2 v) z.I.a (FI.read z) (FI.read2 z) (GI.read z)

(* Two modules' fields of one name: the latest open wins without a known type, the known
   type picks otherwise. *)
module A = struct type t = { x : int } end
module B = struct type t = { x : string } end
open A
open B
let fb r = r.x ^ "!"
let fa (r : A.t) = r.x + 1
let () = Printf.printf "%s %d\n" (fb { x = "s" }) (fa { A.x = 2 })

(* The installed library's fields: qualified, opened, known type. *)
let line lb = lb.Lexing.lex_curr_p.Lexing.pos_lnum
let line2 (lb : Lexing.lexbuf) = lb.lex_curr_p.pos_lnum
let cnum lb = Lexing.(lb.lex_curr_p.pos_cnum)
let r = ref 3
let () =
  r.contents <- 4;
  r.Stdlib.contents <- 5 + !r;
  let lb = Lexing.from_string "abc" in
  Printf.printf "%d %d %d %d\n" !r (line lb) (line2 lb) (cnum lb)

(* `{ e with f = v }` is a new instance of the record type: a parameter only the replaced
   fields use may change. *)
type ('a, 'b) p = { first : 'a; second : 'b; count : int }
let q : (int, string) p = { first = 1; second = "two"; count = 3 }
let q2 = { q with first = "one" }
let q3 = { (q : (int, string) p) with first = 1.5; second = [ 2 ] }
let () = Printf.printf "%s %s %d %g %d %d\n" q2.first q2.second q2.count q3.first (List.hd q3.second) q3.count

(* A kept polymorphic field: the parameters it mentions are the base's. *)
type 'a poly = { id : 'b. 'b -> 'b; tag : 'a; extra : 'a list }
let pa = { id = (fun x -> x); tag = 1; extra = [ 2 ] }
let pb = { pa with tag = 3 }
let () = Printf.printf "%d %s %d\n" (pb.id pb.tag) (pb.id "id") (List.length pb.extra)
