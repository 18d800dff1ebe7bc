exception E of { code : int }
let e = E 3
