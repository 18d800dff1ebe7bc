(* Type declarations whose body is a recursive type `t as 'a`, also as a private type in a
   signature; an abbreviation whose body is its parameter used in an alias annotation. *)

module M : sig
  type t = private [ `Bar of 'a | `Foo ] as 'a
  val bar : t
  val make : int -> t
end = struct
  type t = [ `Bar of 'a | `Foo ] as 'a
  let bar = `Bar `Foo
  let rec make n = if n = 0 then `Foo else `Bar (make (n - 1))
end

let rec depth (x : [ `Bar of 'a | `Foo ] as 'a) = match x with `Foo -> 0 | `Bar y -> 1 + depth y

type tree = [ `Leaf of int | `Node of 'a * 'a ] as 'a

let rec sum : tree -> int = function `Leaf n -> n | `Node (l, r) -> sum l + sum r

type 'a same = 'a

let ignore_same (x : 'a same as 'a) = ignore x
let eq (x : 'a same) (y : 'a) = x = y

let () =
  Printf.printf "%d %d\n" (depth (M.bar :> [ `Bar of 'a | `Foo ] as 'a)) (depth (M.make 4 :> [ `Bar of 'a | `Foo ] as 'a));
  Printf.printf "%d\n" (sum (`Node (`Leaf 3, `Node (`Leaf 4, `Leaf 5))));
  ignore_same 3;
  Printf.printf "%b %b\n" (eq 1 1) (eq "a" "b")
