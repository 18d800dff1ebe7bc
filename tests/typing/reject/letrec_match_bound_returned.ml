(* A name a case binds to the group's value, returned: the value itself (`Return`). *)
let rec x = match x with y -> y
