(* Map.Make's map type is abstract. *)
module SM = Map.Make (String)
let m : int SM.t = []
