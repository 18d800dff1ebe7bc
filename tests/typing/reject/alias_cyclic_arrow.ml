(* A recursive type through an arrow needs -rectypes. *)
let f (x : (int -> 'a) as 'a) = x
