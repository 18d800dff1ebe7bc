type ('a, 'b) eq = Refl : ('a, 'a) eq
let g : type t. (int, t) eq * (t, int) eq -> unit = function _ -> .
