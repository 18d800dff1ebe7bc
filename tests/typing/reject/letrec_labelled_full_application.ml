(* A labelled application that omits nothing is computed: the name would be read. *)
let f ~x = fun () -> ignore x
let rec g = f ~x:g
