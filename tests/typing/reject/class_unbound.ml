(* `new` of a class that is not defined. *)
class c = object method m = 1 end
let o = new d
