let r = ref []
let f (type a) (x : a) = r := [x]
