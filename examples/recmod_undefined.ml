(* Recursive modules defined from each other: A's function is B's, whose own is still
   undefined when it is called, so the call raises Undefined_recursive_module (uncaught). *)
module type S = sig val f : int -> int end

module rec A : S = B
and B : S = A

let () = print_endline "before"
let () = print_int (A.f 1)
