type _ t = Int : int -> int t | Bool : bool -> string
