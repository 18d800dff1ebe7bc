exception E of { code : int }
let f = function E { msg } -> msg | _ -> ""
