(* `#c` in a type declaration has an unbound row variable. *)
class c = object method m = 1 end
type t = #c
