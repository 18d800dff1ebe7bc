(* A GADT pattern in a functor's body adds an equation on the parameter's abstract type
   (OCaml's testsuite typing-gadts/nested_equations.ml, PR#7233): `M.t` is `int` where
   `Refl` matched. The functor is checked at its definition; it is not applied here. *)
type (_, _) eq = Refl : ('a, 'a) eq

module type S = sig
  type t
  val eql : (t, int) eq
end

module F (M : S) = struct
  let zero : M.t =
    let Refl = M.eql in
    0
end

module Never (M : S) = struct
  let one : M.t = match M.eql with Refl -> 1
end

let () = print_endline "checked"
