let r = ref []
let hidden = ref []
let push x = r := x :: !r
let size () = List.length !r + List.length !hidden
