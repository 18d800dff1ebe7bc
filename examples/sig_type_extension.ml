(* `type t += A` in a signature: a module type of an extensible type with its
   constructors, as a functor's parameter and as a sealing signature (OCaml's testsuite
   basic/patmatch). *)
module type S = sig
  type t = ..
  type t += A | B of int
  type u = X | Y
  val name : t -> string
end

module Impl = struct
  type t = ..
  type t += A | B of int | C
  type u = X | Y
  let name = function A -> "A" | B n -> "B" ^ string_of_int n | _ -> "other"
end

module Sealed : S = Impl

module Use (T : S) = struct
  open T
  let f x y = match x, y with
    | A, X -> '1'
    | B _, X -> '2'
    | _, Y -> '3'
    | _, _ -> '_'
  type T.t += D
  let all = [A; B 3; D]
end

module U = Use (Sealed)

let () =
  List.iter (fun x -> print_char (U.f x Sealed.X); print_string (Sealed.name x ^ " ")) U.all;
  print_newline ();
  print_char (U.f Sealed.A Sealed.Y);
  print_newline ()
