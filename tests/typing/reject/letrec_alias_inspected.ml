(* A local alias of a name of the group is checked as the name: here it is inspected. *)
type t = { a : t list; n : int }
let rec b = let x = [b] in { a = [List.hd x]; n = 1 }
