type ex = Ex : 'a * ('a -> string) -> ex
let Ex (v, f) = Ex (1, string_of_int)
