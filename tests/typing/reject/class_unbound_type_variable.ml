(* A class's method type mentions a variable that is not a parameter of the class. *)
class c x = object method get = x end
