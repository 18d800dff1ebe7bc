(* A recursive module whose signature and body both define a module type: the body's
   package types are the signature's (OCaml's testsuite typing-fstclassmod). *)
module rec Typ : sig
  module type PAIR = sig
    type t
    type t1
    type t2
    val t1 : t1 Typ.typ
    val t2 : t2 Typ.typ
  end
  type 'a typ =
    | Int of ('a -> int)
    | Pair of (module PAIR with type t = 'a)
end = struct
  module type PAIR = sig
    type t
    type t1
    type t2
    val t1 : t1 Typ.typ
    val t2 : t2 Typ.typ
  end
  type 'a typ =
    | Int of ('a -> int)
    | Pair of (module PAIR with type t = 'a)
end

let rec depth : type a. a Typ.typ -> int = function
  | Typ.Int _ -> 1
  | Typ.Pair p ->
    let module P = (val p : Typ.PAIR with type t = a) in
    1 + max (depth P.t1) (depth P.t2)

let int = Typ.Int (fun x -> x)
let pair (type s1 s2) (t1 : s1 Typ.typ) (t2 : s2 Typ.typ) : (s1 * s2) Typ.typ =
  Typ.Pair (module struct
    type t = s1 * s2
    type t1 = s1
    type t2 = s2
    let t1 = t1
    let t2 = t2
  end : Typ.PAIR with type t = s1 * s2)

let () = Printf.printf "%d %d\n" (depth int) (depth (pair int (pair int int)))
