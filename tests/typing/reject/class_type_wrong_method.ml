(* The type `c` of a class is its closed object type. *)
class c = object method m = 1 end
let f (x : c) = x#n
