type any = Any : 'a -> any
let get x = match x with Any v -> v
