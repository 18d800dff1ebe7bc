(* A signature's abbreviation of a type it makes abstract is the new abstract type
   (`type u = t`), also when the type is a submodule's (Scanf's `scanner` names its
   `Scanning.in_channel`). *)
module M : sig
  type t
  type u = t
  val make : int -> t
  val get : u -> int
end = struct
  type t = { x : int }
  type u = t
  let make x = { x }
  let get r = r.x
end

module type SCANNING = sig
  type in_channel
  type scanbuf = in_channel
  val from_int : int -> in_channel
  val peek : scanbuf -> int
end

module Outer : sig
  module Scanning : sig
    type in_channel
    type scanbuf = in_channel
    val from_int : int -> in_channel
    val peek : scanbuf -> int
  end
  type 'a scanner = Scanning.in_channel -> 'a
  val read : int scanner
end = struct
  module Scanning : SCANNING = struct
    type in_channel = { mutable pos : int }
    type scanbuf = in_channel
    let from_int pos = { pos }
    let peek ib = ib.pos
  end
  type 'a scanner = Scanning.in_channel -> 'a
  let read ib = Scanning.peek ib * 2
end

let () =
  let v : M.u = M.make 3 in
  Printf.printf "%d\n" (M.get v);
  let ib : Outer.Scanning.scanbuf = Outer.Scanning.from_int 21 in
  let reader : int Outer.scanner = Outer.read in
  Printf.printf "%d %d\n" (reader ib) (Outer.Scanning.peek ib)
