val size : int
val name : string
