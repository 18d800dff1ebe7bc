val describe : int -> string
val items : unit -> B.t list
