type _ t = Int : int t | Bool : bool t
let f : type a. a t -> int = function Int -> 1 | Bool -> .
