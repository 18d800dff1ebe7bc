exception E of { code : int; msg : string }
let () = raise (E { code = 1 })
