let g : type a. a -> int = fun x -> x
