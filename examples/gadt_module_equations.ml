(* A GADT pattern adds an equation on an abstract type of a closed module (OCaml's
   `is_instantiable`): `N.t` and the applicative functor's `Make(I)(J).t` here. *)
type (_, _) eq = Refl : ('a, 'a) eq

module N = struct
  type t
  let witness : (t, int) eq = Obj.magic Refl
  let of_int (x : int) : t = Obj.magic x
end

let to_int (w : (N.t, int) eq) (x : N.t) : int = match w with Refl -> x + 1

module Choose (I : sig val zero : int end) (J : sig val zero : int64 end) = struct
  type t
  type 'a repr = Small : int repr | Big : int64 repr
  let repr : t repr = Obj.magic Small
  let make (n : int) : t = Obj.magic n
end

(* Inside the functor `t` is the body's own type: no equation. After `include`, it is
   `Choose(..)(..).t`, a path, and matching `repr` refines it. *)
module Hundred = struct let zero = 100 end
module Five = struct let zero = 5L end

module C = struct
  include Choose (Hundred) (Five)
  let show (x : t) =
    match repr with
    | Small -> string_of_int (x + 100)
    | Big -> Int64.to_string (Int64.add x 5L)
end

let () =
  Printf.printf "%d\n" (to_int N.witness (N.of_int 41));
  print_endline (C.show (C.make 23))
