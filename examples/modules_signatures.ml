(* Signatures restrict a module; a value declared less general than its definition is used
   at the declared type; module types by name, with `include`, `with type` and `module type of`. *)
module type STACK = sig
  type 'a t
  exception Empty
  val empty : 'a t
  val push : 'a -> 'a t -> 'a t
  val pop : 'a t -> 'a * 'a t
  val size : 'a t -> int
end

module ListStack : STACK = struct
  type 'a t = 'a list
  exception Empty
  let empty = []
  let push x s = x :: s
  let pop = function [] -> raise Empty | x :: s -> (x, s)
  let size = List.length
  let helper = "hidden"
end

let helper = "outer helper"

module Sized : sig
  val f : int -> int
  val name : string
end = struct
  let f x = x
  let name = "sized"
end

module type EXT = sig
  include module type of List
  val sum : int list -> int
end

module MyList : EXT = struct
  include List
  let sum = List.fold_left ( + ) 0
end

module type ORD = sig type t val compare : t -> t -> int end
module Max (O : ORD) = struct
  let max a b = if O.compare a b >= 0 then a else b
end
module IntMax = Max (Int)
module StrMax = Max (String)

let () =
  let s = ListStack.(push 3 (push 2 (push 1 empty))) in
  let (top, rest) = ListStack.pop s in
  Printf.printf "%d %d\n" top (ListStack.size rest);
  (try ignore (ListStack.pop ListStack.empty) with ListStack.Empty -> print_endline "empty");
  let open ListStack in ignore (size empty);
  print_endline helper;
  Printf.printf "%d %s\n" (Sized.f 4) Sized.name;
  Printf.printf "%d %d\n" (MyList.sum [1; 2; 3]) (MyList.length [1; 2]);
  Printf.printf "%d %s\n" (IntMax.max 3 9) (StrMax.max "pear" "apple")
