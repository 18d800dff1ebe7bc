type t = private A | B

let x = A
