exception E
exception F of int
exception E of string
let () = raise (E "x")
