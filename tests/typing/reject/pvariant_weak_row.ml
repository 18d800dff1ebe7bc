(* The row variable of `A's type is weak in a ref: it cannot be generalized. *)
let r = ref `A
