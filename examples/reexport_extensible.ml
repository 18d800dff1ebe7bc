(* type t = u = .. re-exports an extensible type (printexc.ml does it with exn): its
   constructors are one type's. *)
type u = ..
type t = u = ..
type u += A
type u += B
let show (x : t) = match x with A -> "A" | B -> "B" | _ -> "?"
let () = print_endline (show A); print_endline (show B)
