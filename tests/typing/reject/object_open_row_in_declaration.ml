type t = < m : int; .. >
