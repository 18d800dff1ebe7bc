(* A partial application (the omitted argument is the last) is computed: not allowed. *)
let apply_n ~n h x = let r = ref x in for _ = 1 to n do r := h !r done; !r
let rec twice = apply_n ~n:2 (fun s -> s ^ name)
and name = "ab"
