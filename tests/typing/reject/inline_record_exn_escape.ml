exception E of { code : int }
let f = function E r -> Some r | _ -> None
