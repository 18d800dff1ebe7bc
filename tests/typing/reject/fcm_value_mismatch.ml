(* The packed module's value must have the signature's type. *)
module type S = sig val x : int end
let m = (module struct let x = "one" end : S)
