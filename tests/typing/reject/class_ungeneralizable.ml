(* A class whose object type has a variable that cannot be generalized. *)
class c = let r = ref [] in object method get = !r end
