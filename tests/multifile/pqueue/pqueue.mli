type 'a t
exception Empty
val empty : 'a t
val push : int -> 'a -> 'a t -> 'a t
val pop : 'a t -> (int * 'a) * 'a t
val size : 'a t -> int
