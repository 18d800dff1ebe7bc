(* A type of `include struct .. end` is the structure's own (not a path `M.t`): a GADT
   pattern adds no equation on it. *)
type (_, _) eq = Refl : ('a, 'a) eq
include struct type t end
let f (w : (t, int) eq) (x : t) : int = match w with Refl -> x
